import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '../../contract/schemas/upload';
import { startTestServer, type TestServer } from './harness';
import { adminSession, signIn } from './fixtures';

const UPLOAD = '/api/v1/common/upload';
const UPLOAD2 = '/api/v1/common/upload2';
const MAX = 64 * 1024;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 0)]);
/** A Windows executable: "MZ", then binary. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(120, 0)]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>\n',
);

let t: TestServer;
let user: string;

beforeAll(async () => {
  t = await startTestServer({ UPLOAD_MAX_BYTES: String(MAX) });
  user = await signIn(t, 'uploader', ['master']);
});
afterAll(async () => t?.close());

function form(fields: [string, string | { content: Buffer; filename: string; mime?: string }][]) {
  const data = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value.content)], { type: value.mime ?? 'application/octet-stream' }), value.filename);
  }
  return data;
}

const upload = (fields: Parameters<typeof form>[0], path = UPLOAD, token: string | null = user) =>
  t.call<UploadResult>('POST', path, { token, raw: form(fields) });

/** A multipart body written by hand, for the broken ones. */
const rawMultipart = (body: string, boundary = 'XyZ') =>
  t.call('POST', UPLOAD, { token: user, raw: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });

describe('upload', () => {
  it('stores an image under a random name, answers its url, name, size, type and mime, and serves it', async () => {
    const res = await upload([
      ['type', 'image'],
      ['file', { content: PNG, filename: 'cover.png', mime: 'image/png' }],
    ]);
    expect([res.status, res.code]).toEqual([200, 200]);
    expect(res.data).toEqual({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
      name: 'cover.png',
      size: PNG.length,
      type: 'image',
      mime: 'image/png',
    });

    const served = await fetch(t.url + res.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    // An article's HTML copied or published elsewhere shows it from there.
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers upload2 the same way, with the type field after the file', async () => {
    const res = await upload(
      [
        ['file', { content: PDF, filename: 'brief.pdf' }],
        ['type', 'file'],
      ],
      UPLOAD2,
    );
    expect(res.data).toMatchObject({ name: 'brief.pdf', size: PDF.length, type: 'file', mime: 'application/pdf' });
    expect(res.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/);
  });

  it('takes the real type from the content, not from the name or the declared MIME', async () => {
    const jpegNamedPng = await upload([
      ['type', 'avatar'],
      ['file', { content: JPEG, filename: 'me.png', mime: 'image/png' }],
    ]);
    expect(jpegNamedPng.data).toMatchObject({ mime: 'image/jpeg', name: 'me.png' });
    expect(jpegNamedPng.data.url).toMatch(/\.jpg$/);

    const zip = await upload([
      ['type', 'file'],
      ['file', { content: ZIP, filename: 'bundle.zip' }],
    ]);
    expect(zip.data.mime).toBe('application/zip');

    const csv = await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.from('keyword,volume\nseo tools,1200\n长尾词,30\n'), filename: 'words.csv', mime: 'text/csv' }],
    ]);
    expect(csv.data).toMatchObject({ mime: 'text/csv', type: 'keywords' });
    expect(csv.data.url).toMatch(/\.csv$/);

    const svg = await upload([
      ['type', 'image'],
      ['file', { content: SVG, filename: 'logo.svg', mime: 'image/svg+xml' }],
    ]);
    expect(svg.data.mime).toBe('image/svg+xml');
    const served = await fetch(t.url + svg.data.url);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('refuses a renamed executable and content the type does not take, with 400 naming the file', async () => {
    const exe = await upload([
      ['type', 'image'],
      ['file', { content: EXE, filename: 'holiday.png', mime: 'image/png' }],
    ]);
    expect([exe.status, exe.code]).toEqual([400, 400]);
    expect(exe.msg).toMatch(/^File: this content is not accepted for type "image"/);

    const pngAsKeywords = await upload([
      ['type', 'keywords'],
      ['file', { content: PNG, filename: 'words.txt', mime: 'text/plain' }],
    ]);
    expect([pngAsKeywords.status, pngAsKeywords.msg]).toEqual([
      400,
      'File: a image/png file is not accepted for type "keywords" (accepted: text/plain, text/csv)',
    ]);

    const svgAvatar = await upload([
      ['type', 'avatar'],
      ['file', { content: SVG, filename: 'me.svg' }],
    ]);
    expect(svgAvatar.status).toBe(400);
    expect(svgAvatar.msg).toMatch(/image\/svg\+xml file is not accepted for type "avatar"/);

    const fakeSvg = await upload([
      ['type', 'image'],
      ['file', { content: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'x.svg' }],
    ]);
    expect(fakeSvg.status).toBe(400);

    const htmlAsImage = await upload([
      ['type', 'image'],
      ['file', { content: Buffer.from('<html><body>hi</body></html>'), filename: 'x.html' }],
    ]);
    expect([htmlAsImage.status, htmlAsImage.msg]).toEqual([
      400,
      expect.stringContaining('a text/html file is not accepted for type "image"'),
    ]);

    const latin1 = await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), filename: 'bad-utf8.txt' }],
    ]);
    expect(latin1.status).toBe(400);

    const empty = await upload([
      ['type', 'file'],
      ['file', { content: Buffer.alloc(0), filename: 'empty.txt' }],
    ]);
    expect([empty.status, empty.msg]).toEqual([400, 'File is empty']);
  });

  it('keeps only a safe file name', async () => {
    const res = await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.from('a\nb\n'), filename: '../../etc/pass<w>d?.txt' }],
    ]);
    expect(res.data.name).toBe('passwd.txt');
    expect(res.data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.txt$/);

    const windows = await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.from('a\n'), filename: 'C:\\Users\\me\\..hidden words.txt' }],
    ]);
    expect(windows.data.name).toBe('hidden words.txt');

    const long = await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.from('a\n'), filename: `${'长'.repeat(300)}.csv` }],
    ]);
    expect(long.data.name).toHaveLength(120);
    expect(long.data.name.endsWith('.csv')).toBe(true);
  });

  it('refuses a file over the limit with 413 and keeps nothing of it', async () => {
    const big = Buffer.alloc(MAX + 1, 0x61);
    const res = await upload([
      ['type', 'keywords'],
      ['file', { content: big, filename: 'big.txt' }],
    ]);
    expect([res.status, res.code]).toEqual([413, 413]);
    expect(res.msg).toBe('File: larger than the upload limit of 64 KB');
    const atLimit = await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.alloc(MAX, 0x61), filename: 'limit.txt' }],
    ]);
    expect(atLimit.data.size).toBe(MAX);
  });

  it('refuses missing, unknown and wrongly sent fields with 400 naming the field', async () => {
    const cases: [Parameters<typeof form>[0], string | RegExp][] = [
      [[['type', 'image']], 'File is required'],
      [[['file', { content: PNG, filename: 'a.png' }]], 'Type is required'],
      [
        [
          ['type', 'video'],
          ['file', { content: PNG, filename: 'a.png' }],
        ],
        'Type must be one of avatar, image, file, keywords, article',
      ],
      [
        [
          ['type', 'image'],
          ['file', 'not a file'],
        ],
        'File must be a file, not a text field',
      ],
      [
        [
          ['type', { content: Buffer.from('image'), filename: 't.txt' }],
          ['file', { content: PNG, filename: 'a.png' }],
        ],
        'Type must be text, not a file',
      ],
      [
        [
          ['type', 'image'],
          ['file', { content: PNG, filename: 'a.png' }],
          ['folder', '/etc'],
        ],
        'folder is not a known field',
      ],
      [
        [
          ['type', 'image'],
          ['attachment', { content: PNG, filename: 'a.png' }],
        ],
        'attachment is not a known field',
      ],
      [
        [
          ['type', 'image'],
          ['file', { content: PNG, filename: 'a.png' }],
          ['file', { content: PNG, filename: 'b.png' }],
        ],
        'File: send one file at a time',
      ],
    ];
    for (const [fields, msg] of cases) {
      const res = await upload(fields);
      expect({ fields: fields.map(([name]) => name), status: res.status, code: res.code }).toEqual({
        fields: fields.map(([name]) => name),
        status: 400,
        code: 400,
      });
      expect(res.msg).toEqual(msg);
    }
  });

  it('refuses a body that is not multipart, or broken multipart, with 400', async () => {
    const json = await t.call('POST', UPLOAD, { token: user, body: { type: 'image', file: 'x' } });
    expect([json.status, json.msg]).toEqual([400, 'Expected a multipart/form-data body']);

    const truncated = await rawMultipart(
      '--XyZ\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    );
    expect(truncated.status).toBe(400);
    expect(truncated.msg).toMatch(/^The multipart body is malformed/);

    const noBoundary = await t.call('POST', UPLOAD, { token: user, raw: 'whatever', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.msg).toMatch(/^The multipart body is malformed/);

    const empty = await rawMultipart('--XyZ--\r\n');
    expect([empty.status, empty.msg]).toEqual([400, 'File is required']);
  });

  it('needs a session', async () => {
    const res = await upload(
      [
        ['type', 'image'],
        ['file', { content: PNG, filename: 'a.png' }],
      ],
      UPLOAD,
      null,
    );
    expect([res.status, res.code]).toEqual([401, 401]);
  });

  it('leaves no trace of refused uploads in the uploads directory', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const before = fs.readdirSync(path.join(t.config.dataDir, 'uploads')).sort();
    await upload([
      ['type', 'image'],
      ['file', { content: EXE, filename: 'x.png' }],
    ]);
    await upload([
      ['type', 'keywords'],
      ['file', { content: Buffer.alloc(MAX + 10, 0x61), filename: 'big.txt' }],
    ]);
    await upload([['file', { content: PNG, filename: 'a.png' }]]);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads')).sort()).toEqual(before);
    expect(before.every((name) => /^[0-9a-f]{32}\.\w+$/.test(name))).toBe(true);
  });
});

describe('upload as administrator', () => {
  it('works for every role with a session', async () => {
    const admin = await adminSession(t);
    const res = await upload(
      [
        ['type', 'article'],
        ['file', { content: Buffer.from('# Title\n\nBody\n'), filename: 'post.md' }],
      ],
      UPLOAD,
      admin,
    );
    expect(res.data).toMatchObject({ mime: 'text/markdown', type: 'article' });
  });
});
