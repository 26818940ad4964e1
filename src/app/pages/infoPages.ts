// The texts of the footer's pages (loaded with the info page; links, titles and paths: infoLinks.ts).
// Contact details are not written here: {email}, {phone}, {hours}, {address} come from the settings.
import type { ShopContact } from '../../domain/settings';
import { INFO_LINK_GROUPS, type InfoLink } from './infoLinks';

const PLACEHOLDER = /\{(email|phone|hours|address)\}/g;

/** Whether `text` names a contact detail; withContact fills them in. */
export const namesContact = (text: string) => text.search(PLACEHOLDER) >= 0;
export const withContact = (text: string, contact: ShopContact) => text.replace(PLACEHOLDER, (_all, field: keyof ShopContact) => contact[field]);

export interface InfoSection {
  heading: string;
  paragraphs: string[];
}

export interface InfoPageEntry extends InfoLink {
  /** One line under the title. */
  summary: string;
  sections: InfoSection[];
}

const SHIPPING: InfoPageEntry = {
  ...link('/shipping'),
  summary: 'When your order leaves us, how it travels, and how to follow it.',
  sections: [
    {
      heading: 'When it ships',
      paragraphs: [
        'Every product page says how soon the item leaves our warehouse, for example "Ships in 1-2 business days" or, for large furniture and motorcycles, "Ships in 2 weeks". An order with several items ships when the slowest of them is ready.',
        'Then it travels with the shipping method you choose at checkout, for example Standard or Express, each taking the business days shown beside it. Checkout shows the dates each method would bring your order, and your confirmation and order page keep the dates of the method you chose.',
        'The total you see at checkout is what you pay for the order.',
      ],
    },
    {
      heading: 'Following your order',
      paragraphs: [
        'My Orders lists every order you have placed with its status: pending while we prepare it, dispatched once it is on its way, delivered when it has arrived, or cancelled. Each order shows when each of these steps happened.',
        'While an order is still pending you can cancel it yourself from My Orders; once it is dispatched, write to us instead.',
      ],
    },
    {
      heading: 'Where we deliver',
      paragraphs: [
        'We deliver to the address you choose at checkout. You can keep several addresses in My Profile, for example home and work, and pick one for each order.',
      ],
    },
  ],
};

const RETURNS: InfoPageEntry = {
  ...link('/returns'),
  summary: 'Changed your mind, or something is wrong? Here is how sending an item back works.',
  sections: [
    {
      heading: 'Your return window',
      paragraphs: [
        'Each product page shows its return policy, for example "30 days return policy". The days count from the day your order was delivered. Items marked "No return policy", such as groceries and some beauty products, cannot be sent back unless they arrived damaged.',
      ],
    },
    {
      heading: 'How to return an item',
      paragraphs: [
        'Open the order from My Orders and choose Return items: pick how many of each item you are sending back and tell us why. The order page shows each item\'s return window and, once you have asked, where your return stands: requested, approved or rejected, received and refunded. We email you at each step.',
        'Please send items back unused and in their original packaging, to {address}. If anything is unclear, write to {email} with your order number.',
      ],
    },
    {
      heading: 'Your refund',
      paragraphs: [
        'When we approve a return we tell you the amount; once the items reach us we refund it the way you paid: to your card if you paid by card, in cash if you paid in cash on delivery. A refund never exceeds what you paid for the order, and the order page shows what has been refunded.',
      ],
    },
  ],
};

const CONTACT_US: InfoPageEntry = {
  ...link('/contactus'),
  summary: 'Questions about an order, a product or your account: we are happy to help.',
  sections: [
    {
      heading: 'Write or call',
      paragraphs: [
        'Email: {email}. Phone: {phone}, {hours}.',
        'If your question is about an order, please include its order number so we can find it straight away.',
      ],
    },
    { heading: 'Our address', paragraphs: ['{address}'] },
  ],
};

const ABOUT: InfoPageEntry = {
  ...link('/aboutus'),
  summary: 'A small online shop with a wide range: phones to furniture, skincare to sunglasses.',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'Best Buy Shop is run by a small team in Toronto. We sell twelve categories of everyday things, from smartphones and laptops to furniture, groceries and motorcycles, from brands we have chosen one by one.',
        'Every product page tells you the price, the discount, the stock we hold, the warranty, how soon it ships and its return policy, and shows what other shoppers thought of it.',
      ],
    },
  ],
};

const CAREERS: InfoPageEntry = {
  ...link('/careers'),
  summary: 'Working at Best Buy Shop.',
  sections: [
    {
      heading: 'Join the team',
      paragraphs: [
        'We are a small team in Toronto looking after the catalogue, the warehouse and our customers. We have no open positions at the moment.',
        'If you would like to hear when we do, write to {email} with a few lines about yourself.',
      ],
    },
  ],
};

const TERMS: InfoPageEntry = {
  ...link('/terms'),
  summary: 'The terms that apply when you buy from Best Buy Shop.',
  sections: [
    {
      heading: 'Orders and prices',
      paragraphs: [
        'Prices are in US dollars and are those shown at checkout when you place your order, shipping and tax included. Your order is confirmed when you place it: the items are set aside for you at once and we email you the confirmation. If we cannot send it after all, we cancel it, refund anything you paid and tell you.',
        'Some products must be bought in a minimum quantity, shown on the product page.',
      ],
    },
    {
      heading: 'Cancelling and returning',
      paragraphs: [
        'You can cancel your order from its page in My Orders until it is dispatched. Returns follow each product\'s return policy, counted from the day the order was delivered, as described on our Returns and refunds page.',
      ],
    },
    {
      heading: 'Warranty',
      paragraphs: [
        'Each product page states the warranty that comes with it, for example "1 year warranty". It does not affect the rights the law gives you.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Keep your password to yourself; you are responsible for the orders placed with your account. We may close accounts that are used to abuse the shop.',
      ],
    },
  ],
};

const PRIVACY: InfoPageEntry = {
  ...link('/privacy'),
  summary: 'What we keep about you, why, and what you can ask of us.',
  sections: [
    {
      heading: 'What we keep',
      paragraphs: [
        'Your email address and password (stored only as a one-way hash, never as you typed it), the delivery addresses you save (each with the name and phone number you give for it), your cart, your wishlist, your orders and returns, and the reviews you write under the name you choose.',
        'We use them only to run your account, deliver your orders, send you emails about them and answer your questions. We do not sell them and do not share them with advertisers.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'We set one cookie, which keeps you signed in. It cannot be read by scripts on the page, and it is removed when you sign out. We use no advertising or tracking cookies.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'My Profile holds your addresses, your password, your stock alert emails and your membership: you can change them there at any time. To receive a copy of your data or to have your account deleted, write to {email}.',
      ],
    },
  ],
};

/** The pages written for the shop. */
export const INFO_PAGES: InfoPageEntry[] = [SHIPPING, RETURNS, CONTACT_US, ABOUT, CAREERS, TERMS, PRIVACY];

/** The footer's groups, with each page's text (for the help page). */
export const INFO_PAGE_GROUPS: { heading: string; pages: InfoPageEntry[] }[] = INFO_LINK_GROUPS.map((group) => ({
  heading: group.heading,
  pages: group.pages.map((entry) => INFO_PAGES.find((page) => page.path === entry.path)!),
}));

/** The footer link to `path` (its title). */
function link(path: string): InfoLink {
  const found = INFO_LINK_GROUPS.flatMap((group) => group.pages).find((entry) => entry.path === path);
  if (!found) throw new Error(`No footer link to ${path}`);
  return found;
}

export const HELP_PAGE = {
  title: 'Help and information',
  summary: 'Everything about shopping with us, in one place.',
};

