import { describe, expect, it } from 'vitest';
import { contactLinks } from './links';

describe('contactLinks', () => {
  it('mails the e-mail address, calls the number and opens WhatsApp with its digits', () => {
    expect(
      contactLinks({ email: 'hi@biltong.example', website: 'https://biltong.example', phone: '+27 21 555-0142' }),
    ).toEqual({
      email: 'mailto:hi@biltong.example',
      call: 'tel:+27215550142',
      whatsapp: 'https://wa.me/27215550142',
    });
  });

  it('falls back to the website value for Email, as the spec does, and offers nothing without values', () => {
    expect(contactLinks({ email: null, website: 'https://biltong.example', phone: null }).email).toBe(
      'mailto:https://biltong.example',
    );
    expect(contactLinks({})).toEqual({ email: null, call: null, whatsapp: null });
  });
});
