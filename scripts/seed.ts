// Deterministic seed generator: `npm run seed` writes db.json and public/images/**.
//   npx tsx scripts/seed.ts [--products N] [--out FILE] [--seed N] [--no-images]
//   npx tsx scripts/seed.ts --database-url URL [--products N] [--seed N] [--no-images]
//     (PostgreSQL instead of a file: migrates it and replaces its data; scripts/seedDatabase.ts)
// Same arguments → byte-identical output: a seeded PRNG, fixed dates, deterministic salts.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { totals } from '../src/domain/pricing';
import type { Address, CartItem, Order, OrderEvent, OrderStatus, PaymentMethod, Product, Review } from '../src/domain/types';
import type { ProductOption } from '../src/domain/variants';
import { seedOptionsOf } from '../server/db/seedVariants';
import type { DbSchema, SeedInfo } from '../server/db/snapshot';
import type { StoredUser } from '../server/db/port';
import { hashPassword } from '../server/modules/accounts/passwords';
import { placedAddress } from '../server/http/addresses';
import { mulberry32 } from './random';
import { bannerSvg, productSvg, VARIANTS_PER_CATEGORY, type IconKind } from './seedImages';
import { SEED_PROMOTIONS, SEED_SHIPPING_METHODS, SEED_TAX_RATES } from '../server/modules/pricing/seed';
import { meanRating } from '../server/modules/catalogue/reviews';

// The stored shapes are the server's (server/db/snapshot.ts): users carry their password hash.
// db.json holds no idempotency keys: the server adds the collection when it first needs it.
export type SeedDb = Omit<DbSchema, 'idempotency' | 'audit'> & { seed: SeedInfo };

export interface SeedOptions {
  products?: number;
  seed?: number;
}

export const DEFAULT_PRODUCTS = 120;
export const DEFAULT_SEED = 20260101;
export const IMAGE_DIR = 'images/products';
/** Ids 1..STABLE_IDS are always ordinary (in stock ≥ 10, not deleted), for predictable demos and tests. */
export const STABLE_IDS = 20;

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@shop.test', password: 'Admin1234' },
  user: { email: 'user@shop.test', password: 'User12345' },
} as const;

// ---------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number;

/** An independent stream per (seed, purpose, index), so product 7 is the same whatever N is. */
function stream(seed: number, purpose: number, index = 0): Rng {
  return mulberry32(seed ^ Math.imul(purpose + 1, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
}

const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const round2 = (n: number) => Math.round(n * 100) / 100;

function shuffle<T>(r: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function pickDistinct<T>(r: Rng, list: readonly T[], count: number): T[] {
  return shuffle(r, list).slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Catalogue vocabulary

/** A product kind: its noun and the qualifiers that make sense with it. */
type Kind = [noun: string, qualifiers: readonly string[]];

interface CategoryDef {
  value: string;
  label: string;
  /** The drawing of the category's things; null when every kind has its own (kindIcons). */
  icon: IconKind | null;
  /** Kinds of thing (a noun in the title) drawn apart from the category's icon: a bed frame shows a bed. */
  kindIcons?: Readonly<Record<string, IconKind>>;
  hue: number;
  brands: readonly string[];
  price: [number, number];
  weight: [number, number];
  warranty: readonly string[];
  shipping: readonly string[];
  returns: readonly string[];
  moq: [number, number];
  /** Title without the brand. */
  title: (r: Rng) => string;
  /** First sentence of the description. */
  intro: (r: Rng, title: string) => string;
  features: readonly string[];
}

const fromKinds = (kinds: readonly Kind[]) => (r: Rng) => {
  const [noun, qualifiers] = pick(r, kinds);
  return `${pick(r, qualifiers)} ${noun}`;
};

const SHIP_FAST = ['Ships in 1-2 business days', 'Ships overnight', 'Ships in 3-5 business days'];
const SHIP_SLOW = ['Ships in 1 week', 'Ships in 2 weeks', 'Ships in 3-5 business days'];
const RETURNS = ['30 days return policy', '60 days return policy', '90 days return policy', '7 days return policy'];
const WARRANTY_SHORT = ['1 month warranty', '3 months warranty', '6 months warranty', 'No warranty'];
const WARRANTY_LONG = ['1 year warranty', '2 year warranty', '3 year warranty'];

const CATEGORIES: readonly CategoryDef[] = [
  {
    value: 'smartphones',
    label: 'Smartphones',
    icon: 'phone',
    hue: 225,
    brands: ['Novaphone', 'Orbit Mobile', 'Pixelon'],
    price: [149, 1499],
    weight: [0.14, 0.24],
    warranty: WARRANTY_LONG,
    shipping: SHIP_FAST,
    returns: RETURNS,
    moq: [1, 1],
    title: (r) =>
      `${pick(r, ['Nova', 'Edge', 'Pulse', 'Zen', 'Aero', 'Flux'])} ${int(r, 5, 15)}${pick(r, ['', ' Pro', ' Max', ' Lite', ' Plus', ' 5G'])}`,
    intro: (r, t) =>
      `The ${t} pairs a ${pick(r, ['6.1', '6.4', '6.7', '6.8'])}-inch ${pick(r, ['OLED', 'AMOLED', 'LCD'])} display with ${pick(r, ['a fast', 'an efficient', 'a flagship'])} processor and a ${int(r, 40, 55)}00 mAh battery.`,
    features: [
      'The triple camera shoots crisp photos in low light and stabilised 4K video.',
      'Fast charging tops the battery up to half in about thirty minutes.',
      'An IP68 rating keeps it safe from dust, rain and the occasional splash.',
      'Face unlock and an in-display fingerprint reader keep your data private.',
      'Dual SIM and 5G support keep you connected at home and abroad.',
      'Its 120 Hz refresh rate makes scrolling and gaming feel smooth.',
    ],
  },
  {
    value: 'laptops',
    label: 'Laptops',
    icon: 'laptop',
    hue: 200,
    brands: ['Kestrel Computing', 'Lumabook', 'Vertex Systems'],
    price: [449, 3499],
    weight: [1.05, 2.6],
    warranty: WARRANTY_LONG,
    shipping: SHIP_FAST,
    returns: RETURNS,
    moq: [1, 1],
    title: (r) =>
      `${pick(r, ['AirBook', 'ProBook', 'Studio', 'Zenith', 'Flex', 'Creator'])} ${pick(r, ['13', '14', '15', '16'])}${pick(r, ['', ' Pro', ' X', ' Slim'])}`,
    intro: (r, t) =>
      `The ${t} is a ${pick(r, ['thin and light', 'powerful', 'versatile', 'quiet'])} laptop with ${pick(r, ['a quad-core', 'an eight-core', 'a twelve-core'])} processor and a ${pick(r, ['512 GB', '1 TB', '2 TB'])} SSD.`,
    features: [
      'Its battery lasts a full working day on a single charge.',
      'The backlit keyboard and glass trackpad are comfortable for long sessions.',
      'Two USB-C ports, HDMI and a headphone jack cover everyday connections.',
      'A 1080p webcam with noise-cancelling microphones makes calls clear.',
      'The aluminium chassis is sturdy yet slim enough for any backpack.',
      'Wi-Fi 6E and Bluetooth 5.3 keep wireless links fast and stable.',
    ],
  },
  {
    value: 'fragrances',
    label: 'Fragrances',
    icon: 'bottle',
    hue: 320,
    brands: ['Maison Lavande', 'Aurelia Parfums', 'Cedarwood Atelier'],
    price: [19, 189],
    weight: [0.15, 0.55],
    warranty: ['No warranty'],
    shipping: SHIP_FAST,
    returns: ['No return policy', '7 days return policy', '30 days return policy'],
    moq: [1, 2],
    title: (r) =>
      `${pick(r, ['Midnight', 'Amber', 'Velvet', 'Citrus', 'Ocean', 'Golden', 'Wild', 'Silver'])} ${pick(r, ['Oud', 'Musk', 'Bloom', 'Rose', 'Vetiver', 'Neroli', 'Iris'])} ${pick(r, ['Eau de Parfum', 'Eau de Toilette', 'Parfum Intense'])}`,
    intro: (r, t) =>
      `${t} opens with ${pick(r, ['bergamot and pink pepper', 'fresh lemon and mint', 'pear and blackcurrant', 'mandarin and ginger'])} before settling into ${pick(r, ['warm amber and vanilla', 'sandalwood and musk', 'jasmine and rose', 'cedar and vetiver'])}.`,
    features: [
      'A long-lasting scent that carries from morning to evening.',
      'Presented in a weighted glass bottle with a magnetic cap.',
      'Suitable for both daytime wear and special occasions.',
      'Made without parabens and never tested on animals.',
      'Available in a 100 ml bottle that fits neatly on any dresser.',
    ],
  },
  {
    value: 'skincare',
    label: 'Skincare',
    icon: 'jar',
    hue: 160,
    brands: ['Dewlab', 'Botanica Skin', 'Clearwell'],
    price: [6, 69],
    weight: [0.05, 0.4],
    warranty: ['No warranty'],
    shipping: SHIP_FAST,
    returns: ['No return policy', '7 days return policy', '30 days return policy'],
    moq: [1, 2],
    title: (r) =>
      `${pick(r, ['Hydrating', 'Brightening', 'Soothing', 'Renewing', 'Clarifying', 'Firming'])} ${pick(r, ['Face Serum', 'Night Cream', 'Gel Cleanser', 'Day Moisturiser', 'Sunscreen SPF 50', 'Eye Cream', 'Toner'])}`,
    intro: (r, t) =>
      `${t} with ${pick(r, ['hyaluronic acid', 'niacinamide', 'vitamin C', 'ceramides', 'green tea extract', 'aloe vera'])} leaves skin ${pick(r, ['soft and plump', 'calm and even', 'fresh and radiant', 'smooth and balanced'])}.`,
    features: [
      'Dermatologically tested and suitable for sensitive skin.',
      'The lightweight texture absorbs quickly without a greasy finish.',
      'Free from fragrance, parabens and mineral oil.',
      'Use morning and evening on clean skin for best results.',
      'Packed in a recyclable bottle with an airless pump.',
    ],
  },
  {
    value: 'groceries',
    label: 'Groceries',
    icon: 'bag',
    kindIcons: { Honey: 'foodJar', 'Peanut Butter': 'foodJar', 'Olive Oil': 'oilBottle' },
    hue: 95,
    brands: ['Harvest Table', 'Green Basket', 'Golden Grove'],
    price: [2, 25],
    weight: [0.1, 2],
    warranty: ['No warranty'],
    shipping: ['Ships in 1-2 business days', 'Ships overnight'],
    returns: ['No return policy'],
    moq: [1, 4],
    title: fromKinds([
      ['Basmati Rice 1 kg', ['Aged', 'Organic', 'Premium']],
      ['Honey 500 g', ['Wildflower', 'Raw', 'Acacia']],
      ['Olive Oil 750 ml', ['Extra Virgin', 'Cold-Pressed', 'Organic']],
      ['Rolled Oats 1 kg', ['Organic', 'Whole Grain', 'Gluten-Free']],
      ['Green Tea, 40 Bags', ['Jasmine', 'Sencha', 'Mint']],
      ['Peanut Butter 350 g', ['Crunchy', 'Smooth', 'Unsalted']],
      ['Dark Chocolate 100 g', ['70%', 'Sea Salt', 'Orange']],
      ['Coffee Beans 500 g', ['Dark Roast', 'Single-Origin', 'Espresso']],
      ['Penne Pasta 500 g', ['Durum Wheat', 'Whole Wheat', 'Organic']],
      ['Almonds 250 g', ['Roasted', 'Raw', 'Salted']],
    ]),
    intro: (r, t) =>
      `${t}, ${pick(r, ['sourced from family farms', 'packed fresh', 'carefully selected', 'produced in small batches'])} for everyday cooking and snacking.`,
    features: [
      'Store in a cool, dry place and reseal after opening.',
      'No artificial colours, flavours or preservatives.',
      'Packed in a resealable pouch to keep it fresh.',
      'A pantry staple that the whole family will enjoy.',
      'Best before date at least six months from delivery.',
    ],
  },
  {
    value: 'home-decoration',
    label: 'Home Decoration',
    icon: null,
    kindIcons: {
      'Table Lamp': 'lamp',
      Vase: 'vase',
      'Wall Mirror': 'mirror',
      'Throw Pillow': 'pillow',
      'Scented Candle': 'candle',
      'Wall Clock': 'clock',
      Planter: 'planter',
      'Table Runner': 'runner',
    },
    hue: 35,
    brands: ['Lumen Home', 'Driftwood Studio'],
    price: [9, 249],
    weight: [0.3, 6],
    warranty: WARRANTY_SHORT,
    shipping: SHIP_SLOW,
    returns: RETURNS,
    moq: [1, 2],
    title: fromKinds([
      ['Table Lamp', ['Ceramic', 'Brass', 'Rattan']],
      ['Vase', ['Ceramic', 'Hand-Blown Glass', 'Terracotta']],
      ['Wall Mirror', ['Round Brass', 'Arched Oak', 'Rattan']],
      ['Throw Pillow', ['Linen', 'Velvet', 'Boucle']],
      ['Scented Candle', ['Sandalwood', 'Fig and Cedar', 'Sea Salt']],
      ['Wall Clock', ['Minimalist Oak', 'Industrial Metal', 'Retro']],
      ['Planter', ['Terracotta', 'Concrete', 'Woven']],
      ['Table Runner', ['Linen', 'Jute', 'Cotton']],
    ]),
    intro: (r, t) =>
      `This ${t.toLowerCase()} brings a ${pick(r, ['warm', 'calm', 'modern', 'rustic', 'playful'])} touch to ${pick(r, ['the living room', 'a bedroom', 'an entryway', 'a home office', 'the dining table'])}.`,
    features: [
      'Each piece is finished by hand, so small variations are part of its charm.',
      'Neutral tones match both modern and traditional interiors.',
      'Wipe clean with a soft, dry cloth.',
      'Arrives gift-ready in protective, plastic-free packaging.',
      'Designed to pair with the rest of the collection.',
    ],
  },
  {
    value: 'furniture',
    label: 'Furniture',
    icon: null,
    kindIcons: {
      Armchair: 'chair',
      Sofa: 'sofa',
      'Coffee Table': 'coffeeTable',
      Bookshelf: 'bookshelf',
      'Dining Chair': 'diningChair',
      'Bed Frame': 'bed',
      Desk: 'desk',
      Nightstand: 'nightstand',
    },
    hue: 25,
    brands: ['Oakhaven', 'Nordhus', 'Linea Living'],
    price: [89, 2499],
    weight: [6, 80],
    warranty: WARRANTY_LONG,
    shipping: ['Ships in 1 week', 'Ships in 2 weeks', 'Ships in 1 month'],
    returns: ['30 days return policy', '60 days return policy'],
    moq: [1, 1],
    title: fromKinds([
      ['Armchair', ['Velvet', 'Leather', 'Boucle']],
      ['Sofa', ['Three-Seater', 'Modular', 'Linen']],
      ['Coffee Table', ['Oak', 'Marble-Top', 'Walnut']],
      ['Bookshelf', ['Five-Tier', 'Oak', 'Industrial']],
      ['Dining Chair', ['Beech', 'Cane-Back', 'Upholstered']],
      ['Bed Frame', ['Queen Oak', 'King Upholstered', 'Low Platform']],
      ['Desk', ['Standing', 'Walnut Writing', 'Compact']],
      ['Nightstand', ['Two-Drawer', 'Oak', 'Rattan']],
    ]),
    intro: (r, t) =>
      `The ${t.toLowerCase()} is built from ${pick(r, ['solid oak', 'FSC-certified beech', 'kiln-dried walnut', 'powder-coated steel and ash'])} with ${pick(r, ['clean Scandinavian lines', 'soft rounded edges', 'a mid-century silhouette', 'a minimalist profile'])}.`,
    features: [
      'Assembly takes about thirty minutes with the included tools.',
      'Felt pads on the feet protect wooden floors.',
      'Tested for stability and everyday durability.',
      'The finish resists stains and is easy to keep clean.',
      'Delivered flat-packed to your door.',
      'Matching pieces are available in the same collection.',
    ],
  },
  {
    value: 'tops',
    label: 'Tops',
    icon: 'shirt',
    hue: 190,
    brands: ['Urban Thread', 'Coastline Apparel'],
    price: [9, 79],
    weight: [0.15, 0.6],
    warranty: ['No warranty'],
    shipping: SHIP_FAST,
    returns: ['30 days return policy', '60 days return policy'],
    moq: [1, 2],
    title: fromKinds([
      ['T-Shirt', ['Organic Cotton', 'Oversized', 'Striped', 'Crew-Neck']],
      ['Blouse', ['Silk', 'Linen', 'Ruffled']],
      ['Hoodie', ['Fleece', 'Zip-Up', 'Cropped']],
      ['Tank Top', ['Ribbed', 'Cotton', 'Racerback']],
      ['Polo Shirt', ['Pique', 'Slim-Fit', 'Classic']],
      ['Sweater', ['Merino', 'Cable-Knit', 'Cashmere-Blend']],
    ]),
    intro: (r, t) =>
      `A ${pick(r, ['relaxed', 'tailored', 'easy-going', 'timeless'])} ${t.toLowerCase()} in ${pick(r, ['soft cotton', 'a linen blend', 'brushed jersey', 'fine knit', 'organic cotton', 'a recycled blend'])} that layers well in every season.`,
    features: [
      'Machine washable at 30 degrees and keeps its shape wash after wash.',
      'Soft, breathable fabric that feels good all day.',
      'Reinforced seams at the shoulders and hem.',
      'Made in a factory audited for fair working conditions.',
      'Pairs easily with jeans, skirts or tailored trousers.',
    ],
  },
  {
    value: 'womens-dresses',
    label: "Women's Dresses",
    icon: 'dress',
    hue: 345,
    brands: ['Belle Rue', 'Saffron Lane'],
    price: [29, 249],
    weight: [0.2, 0.8],
    warranty: ['No warranty'],
    shipping: SHIP_FAST,
    returns: ['30 days return policy', '60 days return policy'],
    moq: [1, 1],
    title: fromKinds([
      ['Maxi Dress', ['Floral', 'Boho', 'Satin']],
      ['Midi Dress', ['Wrap', 'Pleated', 'Linen']],
      ['Cocktail Dress', ['Sequin', 'Velvet', 'Little Black']],
      ['Sundress', ['Cotton', 'Gingham', 'Eyelet']],
      ['Shirt Dress', ['Denim', 'Belted', 'Striped']],
    ]),
    intro: (r, t) =>
      `This ${t.toLowerCase()} has a ${pick(r, ['flattering', 'flowing', 'fitted', 'relaxed'])} cut and ${pick(r, ['a tie waist', 'side pockets', 'flutter sleeves', 'a square neckline', 'a hidden back zip'])}, perfect for ${pick(r, ['summer weddings', 'weekend brunch', 'evenings out', 'the office'])}.`,
    features: [
      'Fully lined for comfort and a clean drape.',
      'Hand wash or gentle machine cycle.',
      'The model is 175 cm tall and wears a size S.',
      'Dress it up with heels or down with sneakers.',
      'Made from responsibly sourced fibres.',
    ],
  },
  {
    value: 'mens-shoes',
    label: "Men's Shoes",
    icon: 'shoe',
    hue: 260,
    brands: ['Stridewell', 'Trailforge'],
    price: [39, 229],
    weight: [0.6, 1.6],
    warranty: ['3 months warranty', '6 months warranty', '1 year warranty'],
    shipping: SHIP_FAST,
    returns: ['30 days return policy', '60 days return policy', '90 days return policy'],
    moq: [1, 1],
    title: fromKinds([
      ['Running Shoes', ['Lightweight', 'Cushioned', 'Trail']],
      ['Sneakers', ['Leather', 'Canvas', 'High-Top']],
      ['Oxford Shoes', ['Leather', 'Suede', 'Brogue']],
      ['Chelsea Boots', ['Suede', 'Leather', 'Waterproof']],
      ['Loafers', ['Penny', 'Suede', 'Tassel']],
      ['Hiking Boots', ['Waterproof', 'Mid-Cut', 'Insulated']],
    ]),
    intro: (r, t) =>
      `These ${t.toLowerCase()} combine a ${pick(r, ['breathable', 'supportive', 'durable', 'flexible'])} upper with a ${pick(r, ['cushioned foam', 'grippy rubber', 'lightweight EVA', 'stitched leather'])} sole.`,
    features: [
      'A removable insole makes room for your own orthotics.',
      'True to size; choose half a size up for thick socks.',
      'Reinforced heel counter for extra stability.',
      'Easy to clean with a damp cloth.',
      'Comfortable straight out of the box.',
    ],
  },
  {
    value: 'sunglasses',
    label: 'Sunglasses',
    icon: 'glasses',
    hue: 50,
    brands: ['Solaris Optics', 'Shadeline'],
    price: [19, 349],
    weight: [0.02, 0.06],
    warranty: ['6 months warranty', '1 year warranty', '2 year warranty'],
    shipping: SHIP_FAST,
    returns: ['30 days return policy', '60 days return policy'],
    moq: [1, 1],
    title: fromKinds([
      ['Aviator Sunglasses', ['Classic', 'Polarized', 'Gradient']],
      ['Wayfarer Sunglasses', ['Polarized', 'Lightweight', 'Matte']],
      ['Round Sunglasses', ['Retro', 'Wire-Frame', 'Clubmaster']],
      ['Sport Sunglasses', ['Wraparound', 'Mirrored', 'Photochromic']],
      ['Cat-Eye Sunglasses', ['Vintage', 'Oversized', 'Acetate']],
    ]),
    intro: (r, t) =>
      `${t} with ${pick(r, ['UV400', '100% UVA/UVB', 'polarized', 'scratch-resistant'])} lenses and a ${pick(r, ['lightweight acetate', 'stainless steel', 'titanium', 'recycled nylon'])} frame.`,
    features: [
      'Comes with a hard case and a microfibre cleaning cloth.',
      'Spring hinges give a comfortable fit on most face shapes.',
      'Lenses cut glare on the road, the water and the slopes.',
      'Prescription lenses can be fitted by any optician.',
      'Adjustable nose pads stop them slipping.',
    ],
  },
  {
    value: 'motorcycle',
    label: 'Motorcycle',
    icon: 'bike',
    hue: 5,
    brands: ['Ironclad Motors', 'Velocita'],
    price: [2999, 9999],
    weight: [120, 230],
    warranty: ['2 year warranty', '3 year warranty', '5 year warranty'],
    shipping: ['Ships in 2 weeks', 'Ships in 1 month'],
    returns: ['No return policy', '7 days return policy'],
    moq: [1, 1],
    title: (r) =>
      `${pick(r, ['Street', 'Scrambler', 'Tourer', 'Cafe Racer', 'Adventure', 'Roadster'])} ${pick(r, ['125', '300', '400', '650', '750', '900'])}`,
    intro: (r, t) =>
      `The ${t} is a ${pick(r, ['nimble city', 'comfortable touring', 'classic retro', 'go-anywhere adventure'])} motorcycle with a ${pick(r, ['single-cylinder', 'parallel-twin', 'V-twin', 'inline-four'])} engine and ${pick(r, ['five', 'six'])}-speed gearbox.`,
    features: [
      'Dual-channel ABS and LED lighting come as standard.',
      'A low seat height suits riders of most sizes.',
      'The digital dash shows fuel range, gear and trip data.',
      'Comes with the first service included at the dealer.',
      'Adjustable suspension handles both city streets and back roads.',
    ],
  },
];

const FIRST_NAMES = [
  'Aarav', 'Maya', 'Liam', 'Sofia', 'Noah', 'Isabella', 'Ethan', 'Priya', 'Lucas', 'Chloe',
  'Mateo', 'Ananya', 'Owen', 'Camila', 'Arjun', 'Emma', 'Diego', 'Olivia', 'Rohan', 'Grace',
];
const LAST_NAMES = [
  'Sharma', 'Nguyen', 'Garcia', 'Smith', 'Patel', 'Martin', 'Lopez', 'Brown', 'Tremblay',
  'Kumar', 'Wilson', 'Hernandez', 'Roy', 'Taylor', 'Reyes', 'Singh',
];
const COMMENTS: Record<number, readonly string[]> = {
  5: ['Excellent quality, exceeded my expectations!', 'Would definitely buy again.', 'Exactly as described, very happy.', 'Fantastic value for money.'],
  4: ['Very good, just a minor quibble with the packaging.', 'Solid product for the price.', 'Works well, would recommend.', 'Happy with it overall.'],
  3: ['It is okay, nothing special.', 'Decent, but I expected a bit more.', 'Average quality for the price.'],
  2: ['Not quite what I expected.', 'Quality could be better.', 'Arrived late and looks cheaper than in the photos.'],
  1: ['Very disappointed with this purchase.', 'Would not recommend.', 'Poor quality, I sent it back.'],
};

// ---------------------------------------------------------------------------------------------
// Products


/** A drawing's path; `colour` (a value of a colour option): the same drawing in that colour. */
export function imagePath(category: string, variant: number, kind?: IconKind, colour?: string): string {
  const name = kind ? `${category}-${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : category;
  return `/${IMAGE_DIR}/${name}-${variant + 1}${colour ? `-${colour.toLowerCase()}` : ''}.svg`;
}

/** The product's colours, when it sells some (server/db/seedVariants.ts): its first pictures show them, in order. */
const coloursOf = (options: readonly ProductOption[]) => options.find((o) => /colour/i.test(o.name))?.values ?? [];

/** "a or b", "a, b or c". */
const anyOf = (values: readonly string[], last = 'or') => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} ${last} ${values.at(-1)}`);

/** What the product's description says it sells: its options' values, as the product page offers them. */
function optionsSentence(options: readonly ProductOption[]): string {
  const parts = options.map(({ name, values }) => {
    if (/colour/i.test(name)) return `in ${anyOf(values)}`;
    if (name === 'Size') return values.length > 2 ? `in sizes ${values[0]} to ${values.at(-1)}` : `in size ${anyOf(values)}`;
    return `with ${anyOf(values)} of ${name.toLowerCase()}`;
  });
  return parts.length === 0 ? '' : `Available ${parts.join(', ')}.`;
}

/** Drawings per kind of thing (kindIcons): fewer than the category's, its things vary less. */
export const KIND_VARIANTS = 3;

/** The drawing of a product kind named in `title`, if its category draws kinds apart. */
function kindIcon(def: CategoryDef, title: string): IconKind | undefined {
  const kinds = Object.entries(def.kindIcons ?? {});
  const found = kinds.find(([noun]) => title.includes(noun))?.[1];
  if (!found && !def.icon) throw new Error(`no drawing for "${title}" (${def.value})`);
  return found;
}

function price(r: Rng, [lo, hi]: [number, number]): number {
  // Skew towards the cheaper end, as real catalogues do.
  const base = lo + (hi - lo) * r() ** 1.6;
  const ending = pick(r, [0, 0.99, 0.99, 0.49, 0.95]);
  const value = ending === 0 ? Math.round(base) : Math.floor(base) + ending;
  return Math.min(hi, Math.max(1, round2(value)));
}

function reviews(r: Rng, rating: number): Review[] {
  const count = int(r, 2, 4);
  const names = pickDistinct(r, FIRST_NAMES, count);
  return names.map((first, i) => {
    const stars = Math.min(5, Math.max(1, Math.round(rating + (r() * 2 - 1) * 1.2)));
    return {
      id: i + 1,
      reviewerName: `${first} ${pick(r, LAST_NAMES)}`,
      rating: stars,
      comment: pick(r, COMMENTS[stars]),
    };
  });
}

function makeProduct(seed: number, id: number, def: CategoryDef, brand: string, titles: Set<string>): Product {
  const r = stream(seed, 1, id);
  let title = `${brand} ${def.title(r)}`;
  for (let attempt = 0; titles.has(title) && attempt < 8; attempt++) title = `${brand} ${def.title(r)}`;
  if (titles.has(title)) title = `${title} (No. ${id})`;
  titles.add(title);

  const options = seedOptionsOf(def.value, id);
  const description = [def.intro(r, title), ...pickDistinct(r, def.features, int(r, 2, 3)), optionsSentence(options)].filter(Boolean).join(' ');
  // The draw sets how the reviews lean; the product's rating is then their mean, as the server keeps it.
  const lean = round2(r() < 0.85 ? 3 + r() * 2 : 1 + r() * 2);
  const variant = int(r, 0, VARIANTS_PER_CATEGORY - 1);
  const kind = kindIcon(def, title);
  const variants = kind ? KIND_VARIANTS : VARIANTS_PER_CATEGORY;
  // A product sold in colours shows one drawing in each of them first (each colour's picture).
  const colours = coloursOf(options);
  const images = [0, 1, 2].map((k) => (k < colours.length ? imagePath(def.value, variant % variants, kind, colours[k]) : imagePath(def.value, (variant + k) % variants, kind)));
  const [wLo, wHi] = def.weight;

  const product: Product = {
    id,
    title,
    description,
    price: price(r, def.price),
    discountPercentage: r() < 0.12 ? 0 : round2(1 + r() * 29),
    stock: int(r, id <= STABLE_IDS ? 10 : 5, 120),
    thumbnail: images[0],
    images,
    brand,
    category: def.value,
    rating: 0,
    weight: round2(wLo + (wHi - wLo) * r()) || 0.01,
    warrantyInformation: pick(r, def.warranty),
    shippingInformation: pick(r, def.shipping),
    returnPolicy: pick(r, def.returns),
    minimumOrderQuantity: int(r, def.moq[0], def.moq[1]),
    reviews: reviews(r, lean),
    deleted: false,
  };
  return { ...product, rating: meanRating(product.reviews ?? []) };
}

function makeProducts(seed: number, count: number): Product[] {
  const titles = new Set<string>();
  const perCategory = new Map<string, number>();
  const products: Product[] = [];
  // Categories come round in shuffled blocks, so every page shows a mix and counts stay even.
  for (let block = 0; products.length < count; block++) {
    for (const def of shuffle(stream(seed, 2, block), CATEGORIES)) {
      if (products.length >= count) break;
      const nth = perCategory.get(def.value) ?? 0;
      perCategory.set(def.value, nth + 1);
      const brand = def.brands[nth % def.brands.length];
      products.push(makeProduct(seed, products.length + 1, def, brand, titles));
    }
  }

  // A few special cases: soft-deleted, sold out, nearly sold out. Disjoint, outside the stable ids.
  const r = stream(seed, 3, count);
  const candidates = products.filter((p) => p.id > STABLE_IDS || count <= 2 * STABLE_IDS).map((p) => p.id);
  const order = shuffle(r, candidates);
  const nDeleted = Math.max(3, Math.round(count * 0.03));
  const nSoldOut = Math.max(5, Math.round(count * 0.05));
  const nLow = Math.max(3, Math.round(count * 0.04));
  for (const id of order.slice(0, nDeleted)) products[id - 1].deleted = true;
  for (const id of order.slice(nDeleted, nDeleted + nSoldOut)) products[id - 1].stock = 0;
  for (const id of order.slice(nDeleted + nSoldOut, nDeleted + nSoldOut + nLow)) products[id - 1].stock = int(r, 1, 3);
  return products;
}

// ---------------------------------------------------------------------------------------------
// Users

/** The server's hash (`scrypt$<saltHex>$<hashHex>`, N=16384) with a salt derived from the seed and
 *  the email instead of a random one, so db.json is the same on every run. */
function seedSalt(seed: number, email: string): Buffer {
  return createHash('sha256').update(`seed-salt:${seed}:${email}`).digest().subarray(0, 16);
}

function makeUsers(seed: number): StoredUser[] {
  const admin = DEMO_ACCOUNTS.admin.email;
  const user = DEMO_ACCOUNTS.user.email;
  return [
    {
      id: 1,
      email: admin,
      password: hashPassword(DEMO_ACCOUNTS.admin.password, { salt: seedSalt(seed, admin) }),
      role: 'admin',
      name: 'Jordan Tremblay',
      addresses: [
        {
          name: 'Jordan Tremblay',
          email: admin,
          phoneNumber: '+1 416 555 0187',
          country: 'Canada',
          street: '88 Queen Street West, Suite 400',
          city: 'Toronto',
          state: 'ON',
          pincode: 'M5H 2M9',
        },
      ],
      createdAt: '2025-11-20T09:00:00.000Z',
    },
    {
      id: 2,
      email: user,
      password: hashPassword(DEMO_ACCOUNTS.user.password, { salt: seedSalt(seed, user) }),
      role: 'user',
      name: 'Priya Sharma',
      addresses: [
        {
          name: 'Priya Sharma',
          email: user,
          phoneNumber: '+1 415 555 0132',
          country: 'United States',
          street: '742 Market Street, Apt 5B',
          city: 'San Francisco',
          state: 'CA',
          pincode: '94103',
        },
        {
          name: 'Priya Sharma',
          email: user,
          phoneNumber: '+91 98450 01234',
          country: 'India',
          street: '12 MG Road, Ashok Nagar',
          city: 'Bengaluru',
          state: 'KA',
          pincode: '560001',
        },
      ],
      createdAt: '2025-12-28T10:15:00.000Z',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Orders

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const ORDER_COUNT = 40;
/** The days before the reference date the seed's orders are spread over. */
export const ORDER_DAYS = 90;

/**
 * The seed's "now": its orders fall in the ORDER_DAYS before it, the newest within hours of it.
 * db.json records it (`seed.referenceDate`); loading the seed into a new database moves every date
 * by the whole days between it and the day of loading (server/db/seedDates.ts).
 */
export const REFERENCE_DATE = '2026-04-01T00:00:00.000Z';

interface PlannedOrder {
  user: number;
  status: OrderStatus;
  placed: number;
  /** Only products the shopper can still send back (a return window of 30 days or more). */
  returnable?: boolean;
}

/**
 * Which orders the seed holds: placed over the ORDER_DAYS before the reference date, busier lately;
 * each has gone as far as its age allows (the shop dispatches a day after placing and delivers
 * two days later), and about one in eight was cancelled by its shopper. The demo shopper (user 2)
 * owns most of them, among them the newest (pending), the newest dispatched one, a cancelled one,
 * and the newest delivered one, made of products whose return window is still open.
 */
function planOrders(r: Rng): PlannedOrder[] {
  const ref = Date.parse(REFERENCE_DATE);
  const plan: PlannedOrder[] = [];
  for (let i = 0; i < ORDER_COUNT; i++) {
    // From the oldest (i = 0) to the newest: ages shrink faster towards the reference date.
    const slot = (ORDER_COUNT - i - 0.5 + (r() - 0.5) * 0.6) / ORDER_COUNT;
    const age = Math.max(HOUR, Math.round((ORDER_DAYS * DAY - HOUR) * slot ** 1.5));
    const placed = ref - age;
    const status: OrderStatus = age < 36 * HOUR ? 'pending' : age < 5 * DAY ? 'dispatched' : 'delivered';
    plan.push({ user: r() < 0.25 ? 1 : 2, status: status !== 'pending' && r() < 0.12 ? 'cancelled' : status, placed });
  }
  const newest = (status: OrderStatus) => plan.findLast((o) => o.status === status);
  const mark = (order: PlannedOrder | undefined, changes: Partial<PlannedOrder>) => order && Object.assign(order, { user: 2 }, changes);
  mark(newest('pending'), {});
  mark(newest('dispatched'), {});
  mark(newest('delivered'), { returnable: true });
  mark(plan[Math.floor(ORDER_COUNT / 2)], { status: 'cancelled' });
  return plan;
}

function makeOrders(seed: number, products: Product[], users: StoredUser[]): Order[] {
  const r = stream(seed, 4);
  const orderable = products.filter((p) => !p.deleted && p.stock > 0);
  const returnable = orderable.filter((p) => /^(30|60|90) days/.test(p.returnPolicy));
  let lineId = 1;
  return planOrders(r).map(({ user, status, placed, returnable: onlyReturnable }, index) => {
    const items: CartItem[] = pickDistinct(r, onlyReturnable ? returnable : orderable, int(r, 1, 3)).map((product) => ({
      id: lineId++,
      product: structuredClone(product),
      quantity: product.price > 500 ? 1 : int(r, 1, 3),
    }));
    const owner = users.find((u) => u.id === user)!;
    return {
      id: index + 1,
      items,
      user,
      ...totals(items),
      paymentMethod: pick<PaymentMethod>(r, ['cash', 'card']),
      // As an order keeps it: the region's name and code.
      selectedAddress: placedAddress(pick<Address>(r, owner.addresses)),
      status,
      createdAt: new Date(placed).toISOString(),
      history: historyOf(status, placed),
    };
  });
}

/** How an order placed at `placed` came to `status`: the shop dispatches a day later and delivers two days after; a shopper cancels within hours. */
function historyOf(status: OrderStatus, placed: number): OrderEvent[] {
  const at = (hours: number) => new Date(placed + hours * HOUR).toISOString();
  const history: OrderEvent[] = [{ status: 'pending', at: at(0), by: 'shopper' }];
  if (status === 'cancelled') history.push({ status: 'cancelled', at: at(2), by: 'shopper' });
  if (status === 'dispatched' || status === 'delivered') history.push({ status: 'dispatched', at: at(24), by: 'admin' });
  if (status === 'delivered') history.push({ status: 'delivered', at: at(72), by: 'admin' });
  return history;
}

// ---------------------------------------------------------------------------------------------
// The whole seed

export function generateSeed(options: SeedOptions = {}): SeedDb {
  const count = options.products ?? DEFAULT_PRODUCTS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(count) || count < 1) throw new Error(`products must be a positive integer, got ${count}`);

  const products = makeProducts(seed, count);
  const users = makeUsers(seed);
  const byLabel = [...CATEGORIES].sort((a, b) => a.label.localeCompare(b.label));
  const brandNames = CATEGORIES.flatMap((c) => c.brands).sort((a, b) => a.localeCompare(b));
  return {
    products,
    categories: byLabel.map((c, i) => ({ id: i + 1, value: c.value, label: c.label })),
    brands: brandNames.map((b, i) => ({ id: i + 1, value: b, label: b })),
    users,
    orders: makeOrders(seed, products, users),
    cart: [],
    sessions: [],
    promotions: SEED_PROMOTIONS,
    shippingMethods: SEED_SHIPPING_METHODS,
    taxRates: SEED_TAX_RATES,
    seed: { referenceDate: REFERENCE_DATE },
  };
}

/** Every image file, keyed by its path under public/ (e.g. `images/products/laptops-2.svg`). */
export function generateImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const def of CATEGORIES) {
    for (let v = 0; def.icon && v < VARIANTS_PER_CATEGORY; v++) {
      files.set(imagePath(def.value, v).slice(1), productSvg(def.icon, def.hue, v));
    }
    for (const kind of new Set(Object.values(def.kindIcons ?? {}))) {
      for (let v = 0; v < KIND_VARIANTS; v++) files.set(imagePath(def.value, v, kind).slice(1), productSvg(kind, def.hue, v));
    }
    // Each drawing in every colour the category's products come in (their colours follow the id).
    const colours = new Set(Array.from({ length: 12 }, (_, id) => coloursOf(seedOptionsOf(def.value, id))).flat());
    for (let v = 0; def.icon && v < VARIANTS_PER_CATEGORY; v++) {
      for (const colour of colours) files.set(imagePath(def.value, v, undefined, colour).slice(1), productSvg(def.icon, def.hue, v, colour));
    }
  }
  files.set('images/banner.svg', bannerSvg());
  return files;
}

export function serialize(db: SeedDb): string {
  return `${JSON.stringify(db, null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// CLI

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

function writeImages(publicDir: string): number {
  const files = generateImages();
  const productDir = join(publicDir, IMAGE_DIR);
  mkdirSync(productDir, { recursive: true });
  // The product folder is wholly generated: drop files a previous version made.
  for (const name of readdirSync(productDir)) {
    if (!files.has(`${IMAGE_DIR}/${name}`)) rmSync(join(productDir, name));
  }
  for (const [path, svg] of files) writeAtomic(join(publicDir, path), svg);
  return files.size;
}

function parseArgs(argv: string[]) {
  const args = {
    products: DEFAULT_PRODUCTS,
    seed: DEFAULT_SEED,
    out: join(ROOT, 'db.json'),
    images: true,
    databaseUrl: undefined as string | undefined,
  };
  let outGiven = false;
  const number = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--products') args.products = number(flag, argv[++i]);
    else if (flag === '--seed') args.seed = number(flag, argv[++i]);
    else if (flag === '--out') {
      const value = argv[++i];
      if (!value) throw new Error('--out needs a file name');
      args.out = resolve(value);
      outGiven = true;
    } else if (flag === '--database-url') {
      const value = argv[++i];
      if (!value) throw new Error('--database-url needs a postgres:// URL');
      args.databaseUrl = value;
    } else if (flag === '--no-images') args.images = false;
    else {
      throw new Error(
        `unknown argument ${flag}\nusage: seed [--products N] [--out FILE | --database-url URL] [--seed N] [--no-images]`,
      );
    }
  }
  if (outGiven && args.databaseUrl !== undefined) throw new Error('give either --out or --database-url, not both');
  return args;
}

/** --database-url: into PostgreSQL (loaded only then, so the file path needs no database driver). */
async function mainDatabase(args: ReturnType<typeof parseArgs> & { databaseUrl: string }): Promise<void> {
  const started = performance.now();
  const { seedDatabase, redactUrl } = await import('./seedDatabase');
  const db = await seedDatabase(args.databaseUrl, {
    products: args.products,
    seed: args.seed,
    log: (line) => console.log(`seed: ${line}`),
  });
  const images = args.images ? writeImages(join(ROOT, 'public')) : 0;
  const ms = Math.round(performance.now() - started);
  console.log(
    `seed: ${db.products} products, ${db.orders} orders, ${db.users} users → ${redactUrl(args.databaseUrl)}` +
      (images ? `; ${images} images → public/images` : '') +
      ` (${ms} ms)`,
  );
}

function main(): void | Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.databaseUrl !== undefined) return mainDatabase({ ...args, databaseUrl: args.databaseUrl });
  const started = performance.now();
  const db = generateSeed({ products: args.products, seed: args.seed });
  writeAtomic(args.out, serialize(db));
  const images = args.images ? writeImages(join(ROOT, 'public')) : 0;
  const ms = Math.round(performance.now() - started);
  console.log(
    `seed: ${db.products.length} products, ${db.orders.length} orders, ${db.users.length} users → ${args.out}` +
      (images ? `; ${images} images → public/images` : '') +
      ` (${ms} ms)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  try {
    main()?.catch(fail);
  } catch (error) {
    fail(error);
  }
}
