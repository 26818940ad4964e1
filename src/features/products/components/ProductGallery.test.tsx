import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProductGallery from './ProductGallery';

const images = ['/images/a.svg', '/images/b.svg', '/images/c.svg'];
const main = () => screen.getByRole('img', { name: /^Lamp, image/ });
const thumb = (n: number) => screen.getByRole('button', { name: `Show image ${n} of 3` });

describe('ProductGallery', () => {
  it('shows one image at a time, the first eagerly, the thumbnails lazily', () => {
    render(<ProductGallery title="Lamp" images={images} />);
    expect(main()).toHaveAttribute('src', '/images/a.svg');
    expect(main()).toHaveAccessibleName('Lamp, image 1 of 3');
    expect(main()).not.toHaveAttribute('loading');
    const group = screen.getByRole('group', { name: 'Product images' });
    expect(within(group).getAllByRole('button')).toHaveLength(3);
    for (const img of group.querySelectorAll('img')) expect(img).toHaveAttribute('loading', 'lazy');
    expect(thumb(1)).toHaveAttribute('aria-current', 'true');
    expect(thumb(2)).not.toHaveAttribute('aria-current');
  });

  it('a thumbnail shows its image', async () => {
    render(<ProductGallery title="Lamp" images={images} />);
    await userEvent.click(thumb(3));
    expect(main()).toHaveAttribute('src', '/images/c.svg');
    expect(main()).toHaveAccessibleName('Lamp, image 3 of 3');
    expect(thumb(3)).toHaveAttribute('aria-current', 'true');
    expect(thumb(1)).not.toHaveAttribute('aria-current');
  });

  it('names an image by its description when it has one, else by the title and its place', async () => {
    render(<ProductGallery title="Lamp" images={images} alts={['The lamp, switched on', '']} />);
    expect(screen.getByRole('img', { name: 'The lamp, switched on' })).toHaveAttribute('src', '/images/a.svg');
    await userEvent.click(thumb(2));
    expect(main()).toHaveAccessibleName('Lamp, image 2 of 3');
    await userEvent.click(thumb(3));
    expect(main()).toHaveAccessibleName('Lamp, image 3 of 3');
  });

  it('arrow keys, Home and End move between the images, wrapping, and keep focus on the chosen thumbnail', async () => {
    render(<ProductGallery title="Lamp" images={images} />);
    thumb(1).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', '/images/b.svg');
    expect(thumb(2)).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(thumb(3)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', '/images/a.svg');
    await userEvent.keyboard('{ArrowLeft}');
    expect(main()).toHaveAttribute('src', '/images/c.svg');
    await userEvent.keyboard('{Home}');
    expect(thumb(1)).toHaveFocus();
  });

  it('a swipe on the image shows the next or previous one; a short one does nothing', () => {
    render(<ProductGallery title="Lamp" images={images} />);
    const frame = main().parentElement!;
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(frame, { touches: [{ clientX: from }] });
      fireEvent.touchEnd(frame, { changedTouches: [{ clientX: to }] });
    };
    swipe(200, 100);
    expect(main()).toHaveAttribute('src', '/images/b.svg');
    swipe(100, 200);
    expect(main()).toHaveAttribute('src', '/images/a.svg');
    swipe(100, 120);
    expect(main()).toHaveAttribute('src', '/images/a.svg');
  });

  it('a single image has no thumbnails', () => {
    render(<ProductGallery title="Lamp" images={['/images/a.svg']} />);
    expect(main()).toHaveAccessibleName('Lamp, image 1 of 1');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('shows the chosen variant’s picture when the choice changes; the shopper may still look at the others', async () => {
    const { rerender } = render(<ProductGallery title="Lamp" images={images} shown="/images/b.svg" />);
    // Opened on a choice (a shared link): its picture first.
    expect(main()).toHaveAttribute('src', '/images/b.svg');
    await userEvent.click(thumb(1));
    expect(main()).toHaveAttribute('src', '/images/a.svg');
    rerender(<ProductGallery title="Lamp" images={images} shown="/images/c.svg" />);
    expect(main()).toHaveAttribute('src', '/images/c.svg');
    expect(thumb(3)).toHaveAttribute('aria-current', 'true');
    // A choice without a picture of its own (or one not among the images) leaves the image shown.
    rerender(<ProductGallery title="Lamp" images={images} />);
    expect(main()).toHaveAttribute('src', '/images/c.svg');
    rerender(<ProductGallery title="Lamp" images={images} shown="/images/elsewhere.svg" />);
    expect(main()).toHaveAttribute('src', '/images/c.svg');
  });

  it('offers an uploaded image in its three widths (srcset); a seed path as it is', async () => {
    render(<ProductGallery title="Lamp" images={['/media/7/1280.webp', '/images/b.svg']} />);
    expect(main()).toHaveAttribute('srcset', '/media/7/320.webp 320w, /media/7/640.webp 640w, /media/7/1280.webp 1280w');
    expect(main()).toHaveAttribute('sizes');
    await userEvent.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(main()).toHaveAttribute('src', '/images/b.svg');
    expect(main()).not.toHaveAttribute('srcset');
  });
});
