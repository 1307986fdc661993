import { describe, expect, it } from 'vitest';
import { checkCvFile, formatSalary, jobsFoundText, jobShareUrl, jobWhatsAppText } from './jobText';

describe('job texts', () => {
  it('checks a CV by name and size with the spec messages', () => {
    expect(checkCvFile({ name: 'cv.PDF', size: 100 })).toBeNull();
    expect(checkCvFile({ name: 'cv.docx', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkCvFile({ name: 'cv.doc', size: 1 })).toBeNull();
    expect(checkCvFile({ name: 'cv.png', size: 1 })).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload a PDF, DOC, or DOCX file.',
    });
    expect(checkCvFile({ name: 'cv.pdf', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File Too Large',
      description: 'Please upload a file smaller than 5MB.',
    });
  });

  it('shares the origin plus /jobs?id={id}, and WhatsApp gets title, company, the first 100 characters and the link', () => {
    expect(jobShareUrl('abc', 'https://saffa.example')).toBe('https://saffa.example/jobs?id=abc');
    const text = jobWhatsAppText(
      { id: 'abc', title: 'Chef', company: 'Braai House', description: 'x'.repeat(150) },
      'https://saffa.example',
    );
    expect(text).toBe(`Chef at Braai House\n${'x'.repeat(100)}...\nhttps://saffa.example/jobs?id=abc`);
  });

  it('shows salaries in rand unless they name their currency', () => {
    expect(formatSalary('25 000 per month')).toBe('R 25 000 per month');
    expect(formatSalary('£12 per hour', 'GBP')).toBe('£12 per hour');
    expect(formatSalary('60 000', 'AUD')).toBe('AUD 60 000');
    expect(formatSalary('  ')).toBeNull();
  });

  it('counts the jobs found', () => {
    expect(jobsFoundText(1, false)).toBe('1 job(s) found');
    expect(jobsFoundText(20, true)).toBe('20+ job(s) found');
  });
});
