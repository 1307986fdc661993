import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settings, useSettings } from '../../kernel/settings';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';

const DRAFT =
  `mutation($input: JobDraftInput!) { generateJobDescription(input: $input) { description requirements ` +
  `responsibilities benefits } }`;
const INPUT = {
  title: 'Software Developer',
  department: 'Engineering',
  location: 'Cape Town',
  jobType: 'Full-time',
  experienceLevel: 'Mid Level',
};

/** A stub of an OpenAI-compatible chat completions API on 127.0.0.1: answers as `reply` says, recording requests. */
let reply: (res: http.ServerResponse) => void;
const requests: Array<{ url: string; auth: string | undefined; body: any }> = [];
let stub: http.Server;
let base: string;
const original = settings();

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({ url: req.url!, auth: req.headers.authorization, body: JSON.parse(raw) });
      reply(res);
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => stub.close(() => r())));
afterEach(() => useSettings(original));

const useModel = (timeoutMs = 2_000) =>
  useSettings({ ...original, llm: { baseUrl: base, apiKey: 'test-key', model: 'stub-model', timeoutMs } });
const answer = (content: string) => (res: http.ServerResponse) =>
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));

describe('the AI job text helper', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(DRAFT, { input: INPUT }))).toBe('UNAUTHENTICATED');
  });

  it.each([{ title: '' }, { location: ' ' }, { jobType: null }])(
    'needs title, location and job type (%o missing): the spec message',
    async (missing) => {
      const r = await gql(DRAFT, { input: { ...INPUT, ...missing } }, { as: await buildUser() });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe('Please fill in at least Title, Location, and Job Type before generating.');
    },
  );

  it.each([
    ['title', 'x'.repeat(201), 'must be at most 200 characters'],
    ['requirements', 'x'.repeat(10_001), 'must be at most 10000 characters'],
    ['jobType', 'x'.repeat(41), 'must be at most 40 characters'],
  ])('refuses a %s longer than a vacancy takes, before any model is asked', async (field, value, rule) => {
    useModel();
    const before = requests.length;
    const r = await gql(DRAFT, { input: { ...INPUT, [field]: value } }, { as: await buildUser() });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message).toContain(rule);
    expect(requests).toHaveLength(before);
  });

  it('gives the model the first 500 characters of a long field', async () => {
    useModel();
    reply = answer(
      '{"description":"Join us.","requirements":"• Git","responsibilities":"• Build","benefits":"• Leave"}',
    );
    const r = await gql(
      DRAFT,
      { input: { ...INPUT, requirements: `${'r'.repeat(600)}END` } },
      { as: await buildUser() },
    );
    expect(r.errors).toBeUndefined();
    const prompt = requests.at(-1)!.body.messages.at(-1).content as string;
    expect(prompt).toContain('r'.repeat(500));
    expect(prompt).not.toContain('r'.repeat(501));
  });

  it('without a model configured, the built-in drafter writes text from the fields themselves', async () => {
    const asked = requests.length;
    const me = await buildUser();
    const dev = (await gql(DRAFT, { input: INPUT }, { as: me })).data.generateJobDescription;
    expect(dev.description).toContain('mid level Software Developer in our Engineering team');
    expect(dev.description).toContain('in Cape Town on a full-time basis');
    expect(dev.requirements).toMatch(/programming languages/);
    expect(dev.requirements).toContain('About 2 to 5 years');
    expect(dev.benefits).toContain('permanent position');
    const chef = (
      await gql(
        DRAFT,
        { input: { title: 'Chef', location: 'Remote', jobType: 'Internship', requirements: 'Own knives' } },
        { as: me },
      )
    ).data.generateJobDescription;
    expect(chef.requirements).toMatch(/^• Own knives\n/);
    expect(chef.requirements).toMatch(/kitchen/);
    expect(chef.benefits).toContain('stipend');
    expect(chef.description).not.toBe(dev.description);
    expect(requests).toHaveLength(asked);
  });

  it('with LLM_BASE_URL, LLM_API_KEY and LLM_MODEL set, asks the chat completions API for JSON and answers its texts', async () => {
    useModel();
    reply = answer(
      '```json\n{"description":"Join us.","requirements":["Node.js","Git"],"responsibilities":"• Build ' +
        'things","benefits":"• Medical aid"}\n```',
    );
    const r = await gql(DRAFT, { input: INPUT }, { as: await buildUser() });
    expect(r.errors).toBeUndefined();
    expect(r.data.generateJobDescription).toEqual({
      description: 'Join us.',
      requirements: '• Node.js\n• Git',
      responsibilities: '• Build things',
      benefits: '• Medical aid',
    });
    const sent = requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer test-key');
    expect(sent.body.model).toBe('stub-model');
    expect(sent.body.messages.at(-1).content).toContain('Job title: Software Developer');
    expect(sent.body.messages.at(-1).content).toContain('Location: Cape Town');
  });

  it.each([
    ['an answer that is not JSON', answer('Here is a great job description!')],
    ['JSON without the fields', answer('{"description":""}')],
    ['an error status', (res: http.ServerResponse) => res.writeHead(500).end('boom')],
    ['no answer within the timeout', () => undefined],
  ])('%s is UPSTREAM_FAILED with the spec message', async (_what, how) => {
    useModel(300);
    reply = how;
    const r = await gql(DRAFT, { input: INPUT }, { as: await buildUser() });
    expect(codeOf(r)).toBe('UPSTREAM_FAILED');
    expect(r.errors![0].message).toBe('Failed to generate job details. Please try again.');
  });
});
