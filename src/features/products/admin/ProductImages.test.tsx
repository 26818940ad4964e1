// The product form's pictures: uploads (the button, a keyboard, a drop) fill the empty places
// and the thumbnail, with a progress status while the server works and its message when it
// refuses; places move, clear and become the thumbnail; a variant's picture is one of them;
// more places up to twelve, each with its description (alt text), which moves with its image.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_MEDIA_BYTES } from '../../../domain/media';
import { api, field, fill, openNewForm, VALID } from '../../../test/productForm';
import { jsonResponse, sent } from '../../../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const picker = () => screen.getByLabelText('Image files') as HTMLInputElement;
const uploadButton = () => screen.getByRole('button', { name: 'Upload images' });
const uploaded = (...ids: number[]) => ids.map((id) => ({ id, url: `/media/${id}/1280.webp`, width: 1600, height: 900 }));

/** The files each upload sent, by name. */
const sentFiles = (mock: ReturnType<typeof api>) =>
  mock.mock.calls.filter(([input]) => String(input).endsWith('/api/admin/media')).map(([, init]) => (init!.body as FormData).getAll('files').map((f) => (f as File).name));

describe('ProductImages', () => {
  it('uploads the chosen files, says so while it works, then fills the empty places and the thumbnail', async () => {
    let answer!: (r: Response) => void;
    const mock = api({ 'POST /api/admin/media': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    await openNewForm();
    await user.upload(picker(), [png('front.png'), png('back.png')]);
    expect(await screen.findByText('Uploading 2 images…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).toBeInTheDocument();
    // Busy, not disabled (the focus stays on it): a press while it uploads opens no picker.
    expect(uploadButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(uploadButton());
    expect(sentFiles(mock)).toEqual([['front.png', 'back.png']]);
    answer(jsonResponse(uploaded(4, 5), 201));
    await waitFor(() => expect(field('image1')).toHaveValue('/media/4/1280.webp'));
    expect(field('image2')).toHaveValue('/media/5/1280.webp');
    expect(field('image3')).toHaveValue('');
    expect(field('thumbnail')).toHaveValue('/media/4/1280.webp');
    expect(screen.getByAltText('Image 2 preview')).toHaveAttribute('srcset', '/media/5/320.webp 320w, /media/5/640.webp 640w, /media/5/1280.webp 1280w');
    expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument();
    expect(uploadButton()).not.toHaveAttribute('aria-disabled');
  });

  it('shows the server’s refusal and fills nothing; refuses too many or too large files before sending', async () => {
    const mock = api({ 'POST /api/admin/media': () => jsonResponse({ message: 'photo.jpg is not a JPEG, PNG, WebP or AVIF image' }, 400) });
    const user = userEvent.setup();
    await openNewForm();
    await user.upload(picker(), [new File(['just text'], 'photo.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('photo.jpg is not a JPEG, PNG, WebP or AVIF image');
    expect(field('image1')).toHaveValue('');
    await user.upload(picker(), Array.from({ length: 13 }, (_, n) => png(`${n}.png`)));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 12 more images (a product has at most 12).');
    await user.upload(picker(), Array.from({ length: 11 }, (_, n) => png(`${n}.png`)));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 10 images at a time.');
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: MAX_MEDIA_BYTES + 1 });
    await user.upload(picker(), [big]);
    expect(screen.getByRole('alert')).toHaveTextContent('big.png is larger than 10 MB');
    expect(sentFiles(mock)).toHaveLength(1);
  });

  it('opens the picker from the keyboard (Enter, Space) and takes dropped files', async () => {
    const mock = api({ 'POST /api/admin/media': () => jsonResponse(uploaded(9), 201) });
    const user = userEvent.setup();
    await openNewForm();
    const click = vi.spyOn(picker(), 'click');
    uploadButton().focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
    fireEvent.drop(uploadButton().parentElement!, { dataTransfer: { files: [png('dropped.png')] } });
    await waitFor(() => expect(field('image1')).toHaveValue('/media/9/1280.webp'));
    expect(sentFiles(mock)).toEqual([['dropped.png']]);
  });

  it('moves, clears and chooses the thumbnail among the places; a variant’s picture is one of them', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ id: 42 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, thumbnail: '/images/1.svg', image3: '/images/3.svg' });
    await user.click(screen.getByRole('button', { name: 'Move image 1 down' }));
    expect([field('image1'), field('image2')].map((i) => (i as HTMLInputElement).value)).toEqual(['/images/2.svg', '/images/1.svg']);
    expect(screen.getByRole('button', { name: 'Move image 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Use image 3 as thumbnail' }));
    expect(field('thumbnail')).toHaveValue('/images/3.svg');
    // Clearing the thumbnail's place: the first image left becomes the thumbnail.
    await user.click(screen.getByRole('button', { name: 'Remove image 3' }));
    expect(field('image3')).toHaveValue('');
    expect(field('thumbnail')).toHaveValue('/images/2.svg');
    expect(screen.getByRole('button', { name: 'Remove image 3' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(screen.getByLabelText('Option 1 name'), 'Colour');
    await user.type(screen.getByLabelText('Option 1 values'), 'Red, Blue');
    await user.selectOptions(screen.getByLabelText('Picture for Colour Blue'), 'Image 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
    const [body] = sent(mock, 'POST /api/products') as { images: string[]; variants: { image?: string | null }[] }[];
    expect(body.images).toEqual(['/images/2.svg', '/images/1.svg']);
    expect(body.variants.map((v) => v.image)).toEqual([undefined, '/images/1.svg']);
  });

  it('adds places up to twelve, each with a description that moves with its image and is sent by position', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ id: 42 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, image3: '/images/3.svg' });
    const add = screen.getByRole('button', { name: 'Add an image' });
    await user.click(add);
    // The new place, focused, with its description field.
    expect(screen.getByLabelText('Image 4', { exact: true })).toHaveFocus();
    await user.paste('/images/4.svg');
    await user.type(screen.getByLabelText('Describe image 4'), 'The lid, open');
    await user.type(screen.getByLabelText('Describe image 1'), 'Front view');
    await user.click(screen.getByRole('button', { name: 'Move image 4 up' }));
    expect(screen.getByLabelText('Image 3', { exact: true })).toHaveValue('/images/4.svg');
    expect(screen.getByLabelText('Describe image 3')).toHaveValue('The lid, open');
    expect(screen.getByLabelText('Describe image 4')).toHaveValue('');
    for (let n = 5; n <= 12; n++) await user.click(add);
    expect(screen.getByLabelText('Image 12', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '12 images: the most a product has' })).toBeDisabled();

    // A description over 200 characters is refused at the field, before anything is sent.
    await user.click(screen.getByLabelText('Describe image 2'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description of image 2 must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Describe image 2')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(mock, 'POST /api/products')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Describe image 2'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
    const [body] = sent(mock, 'POST /api/products') as { images: string[]; imageAlt: string[] }[];
    expect(body.images).toEqual(['/images/1.svg', '/images/2.svg', '/images/4.svg', '/images/3.svg']);
    expect(body.imageAlt).toEqual(['Front view', '', 'The lid, open', '']);
  });
});
