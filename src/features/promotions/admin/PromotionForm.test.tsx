import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/apiClient';
import { promotionOf } from '../../../test/promotion';
import PromotionForm from './PromotionForm';

const LABEL = 'Label (the discount line, at most 60 characters)';
const BANNER = "Banner text (the home page's offer, empty: the label)";
const MEMBER_BANNER = "Members' banner text (what members read, empty: the label)";

describe('PromotionForm: the label and the banner words', () => {
  it('a label is required and at most 60 characters (said at the field, focused, nothing saved); the banner words are optional', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<PromotionForm categories={[]} save={save} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Members');
    await user.type(screen.getByLabelText('Value (% off)'), '20');
    await user.click(screen.getByRole('button', { name: /save/i }));
    const label = screen.getByLabelText(LABEL);
    expect(label).toHaveAccessibleDescription('Label is required');
    expect(label).toHaveFocus();
    await user.click(label);
    await user.paste('x'.repeat(61));
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(label).toHaveAccessibleDescription('Label must be at most 60 characters');
    expect(label).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();

    await user.clear(label);
    await user.type(label, "Members' 20% off Electronics");
    await user.type(screen.getByLabelText(BANNER), 'Apply for Membership and save 20%');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ label: "Members' 20% off Electronics", bannerText: 'Apply for Membership and save 20%', memberBannerText: null });
  });

  it("an edit shows the stored words, sends only what changed, and puts the server's message on its field", async () => {
    const save = vi.fn().mockRejectedValueOnce(new ApiError(400, 'Invalid promotion', { memberBannerText: "Members' banner text must be at most 200 characters" }));
    const user = userEvent.setup();
    const promotion = promotionOf({ id: 4, name: 'Members', label: "Members' 20% off", bannerText: 'Join and save 20%', memberBannerText: null });
    render(<PromotionForm promotion={promotion} categories={[]} save={save} onCancel={() => undefined} />);
    expect(screen.getByLabelText(LABEL)).toHaveValue("Members' 20% off");
    expect(screen.getByLabelText(BANNER)).toHaveValue('Join and save 20%');
    const members = screen.getByLabelText(MEMBER_BANNER);
    expect(members).toHaveValue('');
    await user.type(members, 'Members save 20%');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(save.mock.calls[0][0]).toEqual({ memberBannerText: 'Members save 20%' });
    expect(members).toHaveAccessibleDescription("Members' banner text must be at most 200 characters");
    expect(members).toHaveFocus();
    // Emptied: none (the banner shows the label).
    await user.clear(screen.getByLabelText(BANNER));
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(save.mock.calls[1][0]).toEqual({ bannerText: null, memberBannerText: 'Members save 20%' });
  });
});
