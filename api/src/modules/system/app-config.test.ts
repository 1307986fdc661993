import { describe, expect, it } from 'vitest';
import { checkUpload, sniff } from '../../kernel/upload';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import * as dating from '../dating/dating.options';
import { messageBody } from '../messages/message.service';
import { checkRadius } from '../radar/radar.service';

const APP_CONFIG = `{
  appConfig {
    passwordMinLength
    uploads { imageMaxBytes videoMaxBytes documentMaxBytes postMaxImages documentExtensions documentMimeTypes }
    reportReasons { value label }
  }
}`;

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.7\n');
/** A data URL of `size` bytes that sniffs as a PDF. */
const pdfOf = (size: number) =>
  `data:application/pdf;base64,${Buffer.concat([PDF, Buffer.alloc(size - PDF.length)]).toString('base64')}`;
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('appConfig', () => {
  it('serves the dating alias limits the dating service checks aliases against', async () => {
    const { data, errors } = await gql(
      '{ appConfig { dating { minAge maxAge minRadiusKm maxRadiusKm radiusStepKm defaultRadiusKm maxPhotos } } }',
    );
    expect(errors).toBeUndefined();
    expect(data.appConfig.dating).toEqual({
      minAge: dating.MIN_AGE,
      maxAge: dating.MAX_AGE,
      minRadiusKm: dating.MIN_RADIUS_KM,
      maxRadiusKm: dating.MAX_RADIUS_KM,
      radiusStepKm: dating.RADIUS_STEP_KM,
      defaultRadiusKm: dating.DEFAULT_RADIUS_KM,
      maxPhotos: dating.MAX_PHOTOS,
    });
    expect(data.appConfig.dating).toMatchObject({
      minAge: 18,
      maxAge: 99,
      minRadiusKm: 5,
      maxRadiusKm: 100,
      defaultRadiusKm: 50,
      maxPhotos: 5,
    });
  });

  it('serves the radar radii and the chat message length the services check, so the web repeats neither', async () => {
    const { data, errors } = await gql('{ appConfig { radar { radiiKm defaultRadiusKm } chatMessageMaxLength } }');
    expect(errors).toBeUndefined();
    expect(data.appConfig.radar).toEqual({ radiiKm: [1, 5, 10, 25, 50, 100], defaultRadiusKm: 50 });
    for (const r of data.appConfig.radar.radiiKm) expect(checkRadius(r)).toBe(r);
    expect(checkRadius(null)).toBe(data.appConfig.radar.defaultRadiusKm);
    expect(() => checkRadius(2)).toThrow('radius must be one of');
    const max: number = data.appConfig.chatMessageMaxLength;
    expect(max).toBe(2000);
    expect(messageBody('x'.repeat(max))).toHaveLength(max);
    expect(() => messageBody('x'.repeat(max + 1))).toThrow(`at most ${max} characters`);
  });

  it('answers signed out too (the sign-in screen reads it)', async () => {
    const r = await gql(APP_CONFIG);
    expect(r.errors).toBeUndefined();
    expect(r.data.appConfig.uploads).toBeDefined();
  });

  it('serves the upload limits of spec 000 section 9 and the document types', async () => {
    const { data } = await gql(APP_CONFIG, {}, { as: await buildUser() });
    expect(data.appConfig.uploads).toEqual({
      imageMaxBytes: 5 * MB,
      videoMaxBytes: 50 * MB,
      documentMaxBytes: 10 * MB,
      postMaxImages: 10,
      documentExtensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
      documentMimeTypes: [
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.ms-excel',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.ms-powerpoint',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ],
    });
  });

  it('serves the limits the upload check enforces: a document of exactly the limit passes, one byte more is too large', async () => {
    const { data } = await gql(APP_CONFIG);
    const limit: number = data.appConfig.uploads.documentMaxBytes;
    await expect(checkUpload(pdfOf(limit + 1), 'document', 'document')).rejects.toMatchObject({
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const checked = await checkUpload(pdfOf(limit), 'document', 'document');
    expect({ ext: checked.type.ext, bytes: checked.bytes.length }).toEqual({ ext: 'pdf', bytes: limit });
    // The sniffer answers every served document type with its served MIME type.
    expect(sniff(PDF)?.mime).toBe(data.appConfig.uploads.documentMimeTypes[0]);
  });

  it('serves the post photo limit the post check enforces', async () => {
    const member = await buildUser();
    const { data } = await gql(APP_CONFIG);
    const max: number = data.appConfig.uploads.postMaxImages;
    const images = (n: number) => Array.from({ length: n }, () => `data:image/png;base64,${PNG_1PX}`);
    const create = `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`;
    const tooMany = await gql(create, { input: { content: 'photos', images: images(max + 1) } }, { as: member });
    expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
    const enough = await gql(create, { input: { content: 'photos', images: images(max) } }, { as: member });
    expect(enough.errors).toBeUndefined();
  });

  it('serves the report reasons of the schema enum with their labels, in the dialog order', async () => {
    const { data } = await gql(APP_CONFIG);
    expect(data.appConfig.reportReasons).toEqual([
      { value: 'spam', label: 'Spam or misleading' },
      { value: 'harassment', label: 'Harassment or hate speech' },
      { value: 'violence', label: 'Violence or dangerous content' },
      { value: 'inappropriate', label: 'Inappropriate content' },
      { value: 'copyright', label: 'Copyright violation' },
      { value: 'other', label: 'Other' },
    ]);
  });
});
