// Uploaded product images, on both drivers: an admin uploads JPEG, PNG, WebP or AVIF files
// (recognised by their content), the shop keeps each with WebP copies at 320, 640 and 1280 px
// (never enlarged) and serves them at /media/<id>/<width>.webp with an ETag and a year's caching;
// a file that is not such an image, or is over 10 MB, is refused by name and nothing is stored;
// a second instance on the same database serves the same bytes; a product takes an upload as its
// one image. The images are made here with sharp.
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, type UploadedMedia } from '../../../src/domain/media';
import type { Database } from '../../../server/db/schema';
import { embeddedShop } from '../../pg/embeddedShop';
import { openShopStore } from '../../pg/shopDatabase';
import { ENGINE, engineApp, expectNoLeaks, makeData, makeShop, type Agent, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const picture = (background: string, width = 1600, height = 900) => sharp({ create: { width, height, channels: 3, background } });

let shop: TestShop;
let db: Kysely<Database>;
let admin: Agent;
let jpeg: Buffer;
let png: Buffer;

/** One shop for the file (uploads only add rows: each test counts what it changed). */
beforeAll(async () => {
  if (ENGINE === 'postgres') {
    const store = await openShopStore(makeData());
    shop = makeShop({ store });
    db = store.db;
  } else {
    const embedded = embeddedShop(makeData());
    shop = makeShop({ store: embedded.store });
    db = (await embedded.opened).db;
  }
  admin = await shop.as('admin');
  [jpeg, png] = await Promise.all([picture('#c00').jpeg().toBuffer(), picture('#06c').png().toBuffer()]);
});

async function counts(): Promise<{ media: number; renditions: number }> {
  const n = async (table: 'media' | 'media_renditions') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { media: await n('media'), renditions: await n('media_renditions') };
}

const upload = (agent: Agent, files: { name: string; bytes: Buffer }[]) => {
  const req = agent.post('/api/admin/media');
  for (const f of files) req.attach('files', f.bytes, f.name);
  return req;
};

describe('POST /api/admin/media', () => {
  it('stores a JPEG and a PNG with three WebP copies each and serves them with an ETag and a year of caching', async () => {
    const before = await counts();
    const res = await upload(admin, [
      { name: 'red.jpg', bytes: jpeg },
      { name: 'blue.png', bytes: png },
    ]).expect(201);
    const uploaded = res.body as UploadedMedia[];
    expect(uploaded).toEqual([
      { id: expect.any(Number), url: `/media/${uploaded[0].id}/1280.webp`, width: 1600, height: 900 },
      { id: expect.any(Number), url: `/media/${uploaded[1].id}/1280.webp`, width: 1600, height: 900 },
    ]);
    expect(await counts()).toEqual({ media: before.media + 2, renditions: before.renditions + 6 });

    for (const width of [320, 640, 1280]) {
      const copy = await shop.anon().get(`/media/${uploaded[0].id}/${width}.webp`).buffer(true).expect(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(copy.headers.etag).toMatch(/^"[\w-]+"$/);
      const meta = await sharp(copy.body as Buffer).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: Math.round((width * 900) / 1600) });
    }
    const first = await shop.anon().get(uploaded[1].url).expect(200);
    const again = await shop.anon().get(uploaded[1].url).set('If-None-Match', first.headers.etag).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    await shop.anon().get(uploaded[1].url).set('If-None-Match', '"something-else"').expect(200);
    await shop.anon().get(`/media/${uploaded[1].id}/800.webp`).expect(404);
    await shop.anon().get(`/media/99999/320.webp`).expect(404);
    await shop.anon().get(`/media/${uploaded[1].id}/320.png`).expect(404);
  });

  it('never enlarges: a 500 px wide WebP gets copies at 320 and 500 px, a 300 px AVIF one at 300 px', async () => {
    const small = await picture('#0a0', 500, 250).webp().toBuffer();
    const avif = await picture('#fa0', 300, 200).avif({ effort: 0 }).toBuffer();
    const res = await upload(admin, [
      { name: 'small.webp', bytes: small },
      { name: 'tiny.avif', bytes: avif },
    ]).expect(201);
    const [webp, av1] = res.body as UploadedMedia[];
    expect(webp).toMatchObject({ url: `/media/${webp.id}/500.webp`, width: 500, height: 250 });
    expect(av1).toMatchObject({ url: `/media/${av1.id}/300.webp`, width: 300, height: 200 });
    await shop.anon().get(`/media/${webp.id}/320.webp`).expect(200);
    await shop.anon().get(`/media/${webp.id}/640.webp`).expect(404);
    await shop.anon().get(`/media/${av1.id}/320.webp`).expect(404);
  });

  it('turns an image upright by its EXIF orientation: a 1600×900 JPEG marked "rotate 90°" is 900×1600', async () => {
    const turned = await picture('#c00').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const [media] = (await upload(admin, [{ name: 'turned.jpg', bytes: turned }]).expect(201)).body as UploadedMedia[];
    expect(media).toMatchObject({ width: 900, height: 1600, url: `/media/${media.id}/900.webp` });
    const copy = await shop.anon().get(`/media/${media.id}/320.webp`).buffer(true).expect(200);
    const meta = await sharp(copy.body as Buffer).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 320, height: 569 });
  });

  it('refuses a text file named photo.jpg, an SVG and a GIF by name, and stores none of the upload', async () => {
    const before = await counts();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await picture('#000', 10, 10).gif().toBuffer();
    const cases = [
      { name: 'photo.jpg', bytes: Buffer.from('just some text, not a picture\n') },
      { name: 'logo.svg', bytes: svg },
      { name: 'anim.gif', bytes: gif },
    ];
    for (const bad of cases) {
      const res = await upload(admin, [{ name: 'good.jpg', bytes: jpeg }, bad]).expect(400);
      expect(res.body).toEqual({ message: `${bad.name} is not a JPEG, PNG, WebP or AVIF image` });
    }
    // A JPEG's first bytes and nothing after: announced, but not an image.
    const cut = await upload(admin, [{ name: 'cut.jpg', bytes: jpeg.subarray(0, 200) }]).expect(400);
    expect(cut.body.message).toBe('cut.jpg is not a JPEG, PNG, WebP or AVIF image');
    expect(await counts()).toEqual(before);
  });

  it('answers 413 naming a file over 10 MB; 400 without files or with 11; 415 for JSON', async () => {
    const before = await counts();
    const res = await upload(admin, [{ name: 'huge.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(MAX_MEDIA_BYTES + 1 - jpeg.length)]) }]).expect(413);
    expect(res.body).toEqual({ message: 'huge.jpg is larger than 10 MB' });
    expect((await admin.post('/api/admin/media').field('note', 'x').expect(400)).body.message).toMatch(/at least one image/);
    const tiny = await picture('#fff', 8, 8).png().toBuffer();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `t${i}.png`, bytes: tiny }));
    expect((await upload(admin, eleven).expect(400)).body).toEqual({ message: 'At most 10 files at once' });
    expect((await admin.post('/api/admin/media').send({ files: [] }).expect(415)).body.message).toMatch(/multipart\/form-data/);
    expect(await counts()).toEqual(before);
  });

  it('is for admins only: 401 signed out, 403 for a shopper', async () => {
    await upload(shop.anon(), [{ name: 'a.jpg', bytes: jpeg }]).expect(401);
    const res = await upload(await shop.as('user'), [{ name: 'a.jpg', bytes: jpeg }]).expect(403);
    expect(res.body).toEqual({ message: 'Staff only' });
  });

  it('is served by another instance of the app on the same database', async () => {
    const [media] = (await upload(admin, [{ name: 'red.jpg', bytes: jpeg }]).expect(201)).body as UploadedMedia[];
    const here = await shop.anon().get(media.url).buffer(true).expect(200);
    const other = engineApp({ store: shop.store }).app;
    const there = await request(other).get(media.url).buffer(true).expect(200);
    expect(there.headers.etag).toBe(here.headers.etag);
    expect(Buffer.compare(there.body as Buffer, here.body as Buffer)).toBe(0);
  });

  it('gives a product its one image: an upload as thumbnail and image', async () => {
    const [media] = (await upload(admin, [{ name: 'lamp.png', bytes: png }]).expect(201)).body as UploadedMedia[];
    const product = {
      title: 'Desk Lamp',
      description: 'A lamp',
      price: 30,
      discountPercentage: 0,
      stock: 4,
      brand: 'Apple',
      category: 'laptops',
      thumbnail: media.url,
      images: [media.url],
    };
    const res = await admin.post('/api/products').send(product).expect(201);
    expect(res.body).toMatchObject({ thumbnail: media.url, images: [media.url] });
    expect((await shop.anon().get(`/api/products/${res.body.id}`).expect(200)).body.images).toEqual([media.url]);
    // The form's names: Image 1 given, Image 2 and 3 blank.
    const { images: _images, ...rest } = product;
    void _images;
    const form = await admin.post('/api/products').send({ ...rest, image1: media.url, image2: '', image3: ' ' }).expect(201);
    expect(form.body.images).toEqual([media.url]);
    expect((await admin.post('/api/products').send({ ...rest, images: [] }).expect(400)).body.errors).toEqual({ image1: 'Image 1 is required' });
  });
});
