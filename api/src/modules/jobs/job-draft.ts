import { DomainError, upstreamFailed } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { outboundFetch } from '../../kernel/outbound';
import { settings } from '../../kernel/settings';
import type { JobDraft, JobDraftInput } from './job-vacancy.inputs';
import { optionalText, VACANCY_TEXT_MAX } from './job-vacancy.service';

export const DRAFT_MISSING = 'Please fill in at least Title, Location, and Job Type before generating.';
export const DRAFT_FAILED = 'Failed to generate job details. Please try again.';

/** What the model is given of each field: its first 500 characters. */
const PROMPT_CHARS = 500;
/** A field of the draft input: refused over the vacancy's own limit (or not text), else its first PROMPT_CHARS. */
const text = (v: unknown, field: string, max: number) => (optionalText(v, field, max) ?? '').slice(0, PROMPT_CHARS);
/** Job type and experience level are short option names. */
const OPTION_MAX = 40;

interface DraftFacts {
  title: string;
  department: string;
  location: string;
  jobType: string;
  experienceLevel: string;
  requirements: string;
  responsibilities: string;
}

/**
 * Drafts description, requirements, responsibilities and benefits of a vacancy: through an OpenAI-compatible chat
 * completions API when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set, else with the built-in drafter. Missing
 * title, location or type is BAD_USER_INPUT; a failing or slow API is UPSTREAM_FAILED (502).
 */
export async function draftJobText(input: JobDraftInput, log: Logger): Promise<JobDraft> {
  const facts: DraftFacts = {
    title: text(input.title, 'title', VACANCY_TEXT_MAX.title),
    department: text(input.department, 'department', VACANCY_TEXT_MAX.department),
    location: text(input.location, 'location', VACANCY_TEXT_MAX.location),
    jobType: text(input.jobType, 'jobType', OPTION_MAX),
    experienceLevel: text(input.experienceLevel, 'experienceLevel', OPTION_MAX),
    requirements: text(input.requirements, 'requirements', VACANCY_TEXT_MAX.requirements),
    responsibilities: text(input.responsibilities, 'responsibilities', VACANCY_TEXT_MAX.responsibilities),
  };
  if (!facts.title || !facts.location || !facts.jobType)
    throw new DomainError('BAD_USER_INPUT', DRAFT_MISSING, { field: 'title' });
  const { baseUrl, apiKey, model, timeoutMs } = settings().llm;
  if (!baseUrl || !apiKey || !model) return builtInDraft(facts);
  try {
    return await askModel(facts, { baseUrl, apiKey, model, timeoutMs });
  } catch (err) {
    log.warn({ reason: (err as Error).message }, 'job text generation failed');
    throw upstreamFailed(DRAFT_FAILED);
  }
}

/** One chat completion asking for the four texts as a JSON object; anything else is an error. */
async function askModel(
  f: DraftFacts,
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number },
): Promise<JobDraft> {
  const facts = [
    `Job title: ${f.title}`,
    f.department && `Department: ${f.department}`,
    `Location: ${f.location}`,
    `Job type: ${f.jobType}`,
    f.experienceLevel && `Experience level: ${f.experienceLevel}`,
    f.requirements && `Requirements the employer already wrote: ${f.requirements}`,
    f.responsibilities && `Responsibilities the employer already wrote: ${f.responsibilities}`,
  ].filter(Boolean);
  // LLM_BASE_URL is the operator's: its origin may be on their network; a redirect elsewhere is checked, and the key
  // is not sent to another origin (kernel/outbound.ts).
  const res = await outboundFetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.apiKey}` },
    timeoutMs: llm.timeoutMs,
    maxBytes: 1_000_000,
    operatorConfigured: true,
    body: JSON.stringify({
      model: llm.model,
      temperature: 0.7,
      response_format: { type: 'json_object' },
      messages: [
        {
          role: 'system',
          content:
            'You write job vacancy texts for a South African community job board. Answer with one JSON object with ' +
            'the string fields ' +
            '"description" (2 short paragraphs), "requirements", "responsibilities" and "benefits" (each a list of ' +
            'lines starting with "• "). No other text.',
        },
        { role: 'user', content: facts.join('\n') },
      ],
    }),
  });
  if (!res.ok) throw new Error(`chat completions answered ${res.status}`);
  const body = JSON.parse(res.text()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('no message content');
  const json = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')) as Record<string, unknown>;
  const field = (name: string) => {
    const v = json[name];
    const s = Array.isArray(v)
      ? v.map((line) => `• ${String(line).replace(/^[•\-*]\s*/, '')}`).join('\n')
      : typeof v === 'string'
        ? v.trim()
        : '';
    if (!s) throw new Error(`no ${name} in the answer`);
    return s.slice(0, 5000);
  };
  return {
    description: field('description'),
    requirements: field('requirements'),
    responsibilities: field('responsibilities'),
    benefits: field('benefits'),
  };
}

/** Skills and duties by the kind of work a title or department names; the first family that matches is used. */
const FAMILIES: Array<{ match: RegExp; skills: string[]; duties: string[] }> = [
  {
    match: /develop|engineer|software|programm|devops|data|it\b|tech|web|cloud|security/i,
    skills: [
      'Hands-on experience with modern programming languages and version control (Git)',
      'Comfort with testing, code review and continuous delivery',
      'Clear written communication in English for remote collaboration',
    ],
    duties: [
      'Design, build and maintain reliable software and systems',
      'Review code and share knowledge with the team',
      'Work with product and support colleagues to solve problems for users',
    ],
  },
  {
    match: /sales|market|business develop|account|customer|growth|social media/i,
    skills: [
      'A track record of meeting targets or growing an audience',
      'Confident communication, in person and online',
      'Organised follow-up and use of a CRM or similar tools',
    ],
    duties: [
      'Find and follow up new leads and opportunities',
      'Build lasting relationships with customers and partners',
      'Report on results and suggest improvements',
    ],
  },
  {
    match: /chef|cook|kitchen|waiter|barista|restaurant|caf|hospitality|braai|bak/i,
    skills: [
      'Experience in a busy kitchen, café or front-of-house team',
      'Food safety and hygiene knowledge',
      'A friendly, service-minded attitude and teamwork under pressure',
    ],
    duties: [
      'Prepare and serve food and drinks to a consistent standard',
      'Keep work areas clean, stocked and safe',
      'Welcome guests and help them feel at home',
    ],
  },
  {
    match: /legal|lawyer|attorney|paralegal|visa|immigration|compliance/i,
    skills: [
      'A relevant legal or paralegal qualification, or experience with immigration matters',
      'Accuracy with documents and deadlines',
      'Discretion with confidential client information',
    ],
    duties: [
      'Prepare, check and file documents for clients',
      'Keep clients informed about their matters',
      'Track deadlines, requirements and changes in regulations',
    ],
  },
  {
    match: /driver|mover|logistic|warehouse|transport|relocation|delivery|packer/i,
    skills: [
      "A valid driver's licence where driving is involved",
      'Physical fitness and safe lifting practice',
      "Punctuality and care with customers' belongings",
    ],
    duties: [
      'Plan, pack, load and deliver safely and on time',
      'Keep vehicles, equipment and paperwork in order',
      'Communicate with customers and the office about each job',
    ],
  },
  {
    match: /nurse|care|health|medical|doctor|clinic|therap/i,
    skills: [
      'A relevant health-care qualification and registration',
      'Compassion, patience and clear communication',
      'Accurate record keeping',
    ],
    duties: [
      'Provide safe, respectful care to patients or clients',
      'Keep accurate records and follow protocols',
      'Work closely with the wider care team',
    ],
  },
  {
    match: /teach|tutor|educat|trainer|lectur/i,
    skills: [
      'A teaching qualification or solid tutoring experience',
      'Patience and the ability to explain clearly',
      'Planning and assessment skills',
    ],
    duties: [
      'Plan and deliver engaging lessons or sessions',
      'Track progress and give constructive feedback',
      'Keep in touch with learners and their families',
    ],
  },
  {
    match: /financ|bookkeep|accountant|audit|payroll|tax/i,
    skills: [
      'A finance or accounting qualification, or equivalent experience',
      'Accuracy with numbers and spreadsheets or accounting software',
      'Integrity with confidential information',
    ],
    duties: [
      'Keep books, reconciliations and reports up to date',
      'Prepare invoices, payments or payroll on time',
      'Help with budgets, audits and tax submissions',
    ],
  },
];
const GENERAL = {
  skills: [
    'Relevant experience or a strong willingness to learn',
    'Good communication and teamwork',
    'Reliability and attention to detail',
  ],
  duties: [
    'Carry out the day-to-day work of the role to a high standard',
    'Work with colleagues and customers to get things done',
    'Suggest and help with improvements',
  ],
};

const LEVEL_YEARS: Record<string, string> = {
  'entry level': 'No prior experience required: we will train the right person',
  'mid level': 'About 2 to 5 years of relevant experience',
  'senior level': '5 or more years of relevant experience, including guiding others',
  executive: 'Substantial leadership experience and a record of setting direction',
};

const bullets = (lines: string[]) => lines.map((l) => `• ${l}`).join('\n');

/** The built-in drafter: sensible text made from the vacancy's own fields, with no outside service. */
export function builtInDraft(f: DraftFacts): JobDraft {
  const family = FAMILIES.find((x) => x.match.test(`${f.title} ${f.department}`)) ?? GENERAL;
  const type = f.jobType.toLowerCase();
  const remote = /remote/i.test(`${f.jobType} ${f.location}`);
  const level = f.experienceLevel ? `${f.experienceLevel.toLowerCase()} ` : '';
  const team = f.department ? ` in our ${f.department} team` : '';
  const role = `${level}${f.title}`;
  const description =
    `We are looking for ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}${team} to join ` +
    `us ${remote ? 'remotely' : `in ${f.location}`} on ${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type} basis. ` +
    `You will play a real part in how we serve our community, with room to grow and to bring your own ideas.\n\n` +
    `If you are ${
      /entry/i.test(f.experienceLevel) ? 'eager to ' + 'learn' : 'experienced'
    }, dependable and ready to make a difference as our next ${f.title}, we would love to ` +
    `hear from you.`;
  const requirements = [
    ...(f.requirements
      ? f.requirements
          .split(/\n+/)
          .map((l) => l.replace(/^[•\-*]\s*/, '').trim())
          .filter(Boolean)
      : []),
    ...(f.experienceLevel
      ? [LEVEL_YEARS[f.experienceLevel.toLowerCase()] ?? `Experience at ${f.experienceLevel} level`]
      : []),
    ...family.skills,
    remote ? 'A quiet workspace and a reliable internet connection' : `Able to work in or commute to ${f.location}`,
  ];
  const responsibilities = [
    ...(f.responsibilities
      ? f.responsibilities
          .split(/\n+/)
          .map((l) => l.replace(/^[•\-*]\s*/, '').trim())
          .filter(Boolean)
      : []),
    ...family.duties,
    ...(f.department ? [`Contribute to the goals of the ${f.department} team`] : []),
  ];
  const benefits = [
    type === 'full-time'
      ? 'A permanent position with a competitive salary'
      : type === 'internship'
        ? 'Mentoring and a stipend while you learn'
        : `A ${type} arrangement with fair pay`,
    remote ? 'Work from anywhere, with flexible hours' : `A friendly workplace in ${f.location}`,
    'Training and opportunities to grow',
    'Being part of a proudly South African community',
  ];
  return {
    description,
    requirements: bullets(requirements),
    responsibilities: bullets(responsibilities),
    benefits: bullets(benefits),
  };
}
