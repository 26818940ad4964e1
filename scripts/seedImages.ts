// Small illustrated SVGs for the seed catalogue: per category a handful of variants (one drawing,
// different hues and poses), shared by every product of that category, plus the home-page banner.
// Pure functions: the caller decides where (and whether) to write them.

export const IMAGE_SIZE = 600;
export const VARIANTS_PER_CATEGORY = 6;

export type IconKind =
  | 'phone'
  | 'laptop'
  | 'bottle'
  | 'jar'
  | 'bag'
  | 'vase'
  | 'chair'
  | 'shirt'
  | 'dress'
  | 'shoe'
  | 'glasses'
  | 'bike'
  // Furniture and home decoration: one drawing per kind of thing, so a bed frame shows a bed.
  | 'sofa'
  | 'coffeeTable'
  | 'bookshelf'
  | 'diningChair'
  | 'bed'
  | 'desk'
  | 'nightstand'
  | 'lamp'
  | 'mirror'
  | 'pillow'
  | 'candle'
  | 'clock'
  | 'planter'
  | 'runner'
  // Groceries in a jar or a bottle (the rest come in a bag).
  | 'foodJar'
  | 'oilBottle';

interface Palette {
  main: string;
  dark: string;
  light: string;
  accent: string;
}

/** hsl → #rrggbb, so every viewer (not only browsers) reads the colours. */
function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

// Each drawing fills roughly 120..480 of a 600×600 box, centred on (300, 300).
const ICONS: Record<IconKind, (p: Palette) => string> = {
  phone: (p) =>
    `<rect x="205" y="110" width="190" height="380" rx="30" fill="${p.dark}"/>` +
    `<rect x="219" y="138" width="162" height="322" rx="14" fill="${p.main}"/>` +
    `<path d="M219 330 381 210v236a14 14 0 0 1-14 14H233a14 14 0 0 1-14-14z" fill="${p.light}" opacity=".22"/>` +
    `<rect x="270" y="121" width="60" height="8" rx="4" fill="${p.light}" opacity=".6"/>` +
    `<circle cx="300" cy="230" r="34" fill="${p.accent}"/>`,
  laptop: (p) =>
    `<rect x="150" y="170" width="300" height="200" rx="14" fill="${p.dark}"/>` +
    `<rect x="166" y="186" width="268" height="168" rx="6" fill="${p.main}"/>` +
    `<path d="M166 354 434 220v134z" fill="${p.light}" opacity=".2"/>` +
    `<path d="M110 380h380l-22 34H132z" fill="${p.dark}"/>` +
    `<rect x="262" y="382" width="76" height="8" rx="4" fill="${p.light}" opacity=".5"/>`,
  bottle: (p) =>
    `<rect x="262" y="120" width="76" height="66" rx="10" fill="${p.dark}"/>` +
    `<rect x="280" y="184" width="40" height="30" fill="${p.accent}"/>` +
    `<rect x="190" y="210" width="220" height="265" rx="44" fill="${p.main}"/>` +
    `<rect x="230" y="295" width="140" height="90" rx="8" fill="${p.light}" opacity=".85"/>` +
    `<rect x="250" y="330" width="100" height="10" rx="5" fill="${p.dark}" opacity=".7"/>` +
    `<path d="M212 260q0-24 22-26v206q-22-2-22-26z" fill="${p.light}" opacity=".35"/>`,
  jar: (p) =>
    `<path d="M365 150h80l-10 280h-60z" fill="${p.accent}"/>` +
    `<rect x="370" y="428" width="70" height="44" rx="8" fill="${p.dark}"/>` +
    `<rect x="383" y="220" width="44" height="90" rx="6" fill="${p.light}" opacity=".7"/>` +
    `<rect x="140" y="300" width="190" height="170" rx="24" fill="${p.main}"/>` +
    `<rect x="128" y="262" width="214" height="54" rx="14" fill="${p.dark}"/>` +
    `<rect x="170" y="355" width="130" height="56" rx="8" fill="${p.light}" opacity=".85"/>`,
  bag: (p) =>
    `<rect x="318" y="120" width="40" height="150" rx="20" fill="#d9a45b" transform="rotate(16 338 195)"/>` +
    `<circle cx="250" cy="220" r="46" fill="${p.accent}"/>` +
    `<path d="M250 176q6-26 28-34" stroke="${p.dark}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M160 240h280l-24 240H184z" fill="${p.main}"/>` +
    `<path d="M160 240h280l-4 36H164z" fill="${p.dark}" opacity=".35"/>` +
    `<circle cx="300" cy="370" r="44" fill="${p.light}" opacity=".8"/>`,
  vase: (p) =>
    `<path d="M300 300C262 226 206 186 166 160c64 14 116 62 134 140z" fill="${p.accent}"/>` +
    `<path d="M300 300c28-92 80-132 134-150-26 62-82 104-134 150z" fill="${p.accent}"/>` +
    `<path d="M300 300V160" stroke="${p.dark}" stroke-width="7"/>` +
    `<path d="M240 300h120c0 30 40 60 40 110 0 50-40 70-100 70s-100-20-100-70c0-50 40-80 40-110z" fill="${p.main}"/>` +
    `<ellipse cx="300" cy="300" rx="60" ry="10" fill="${p.dark}"/>` +
    `<path d="M212 400h176" stroke="${p.light}" stroke-width="12" opacity=".6"/>`,
  chair: (p) =>
    `<rect x="185" y="420" width="18" height="62" rx="5" fill="${p.dark}"/>` +
    `<rect x="397" y="420" width="18" height="62" rx="5" fill="${p.dark}"/>` +
    `<rect x="190" y="150" width="220" height="210" rx="44" fill="${p.main}"/>` +
    `<rect x="200" y="330" width="200" height="96" rx="20" fill="${p.main}"/>` +
    `<rect x="150" y="270" width="64" height="160" rx="28" fill="${p.dark}"/>` +
    `<rect x="386" y="270" width="64" height="160" rx="28" fill="${p.dark}"/>` +
    `<path d="M220 345h160" stroke="${p.light}" stroke-width="6" opacity=".4" stroke-linecap="round"/>`,
  shirt: (p) =>
    `<path d="M230 140l-62 26-52 80 68 36 20-30v210h192V252l20 30 68-36-52-80-62-26c-14 36-126 36-140 0z" fill="${p.main}"/>` +
    `<path d="M230 140c14 36 126 36 140 0" stroke="${p.dark}" stroke-width="12" fill="none"/>` +
    `<path d="M204 330h192" stroke="${p.light}" stroke-width="14" opacity=".35"/>` +
    `<path d="M204 380h192" stroke="${p.light}" stroke-width="14" opacity=".35"/>`,
  dress: (p) =>
    `<path d="M256 120l10 80-22 60-86 220h284l-86-220-22-60 10-80-26 10c-8 26-30 26-38 0z" fill="${p.main}"/>` +
    `<rect x="244" y="252" width="112" height="20" rx="4" fill="${p.dark}"/>` +
    `<path d="M200 440q50-30 100 0t100 0" stroke="${p.light}" stroke-width="8" fill="none" opacity=".5"/>`,
  shoe: (p) =>
    `<path d="M130 380c0-50 30-80 70-90l70-40c30 40 70 50 110 60 50 10 90 30 90 70z" fill="${p.main}"/>` +
    `<path d="M120 380h360v25c0 15-10 20-25 20H145c-15 0-25-5-25-20z" fill="${p.light}"/>` +
    `<path d="M120 400h360" stroke="${p.dark}" stroke-width="6" opacity=".4"/>` +
    `<path d="M280 272l20 26m0-38 20 32m0-34 18 30" stroke="${p.light}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M150 350h90" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/>`,
  glasses: (p) =>
    `<path d="M116 258h168v46c0 46-32 70-84 70s-84-30-84-70z" fill="${p.dark}"/>` +
    `<path d="M316 258h168v46c0 40-32 70-84 70s-84-24-84-70z" fill="${p.dark}"/>` +
    `<path d="M140 276h50l-40 60z" fill="${p.light}" opacity=".3"/>` +
    `<path d="M340 276h50l-40 60z" fill="${p.light}" opacity=".3"/>` +
    `<path d="M284 272q16-22 32 0" stroke="${p.main}" stroke-width="12" fill="none"/>` +
    `<path d="M104 256h392" stroke="${p.main}" stroke-width="16" stroke-linecap="round"/>`,
  bike: (p) =>
    `<circle cx="170" cy="390" r="70" fill="none" stroke="${p.dark}" stroke-width="24"/>` +
    `<circle cx="430" cy="390" r="70" fill="none" stroke="${p.dark}" stroke-width="24"/>` +
    `<path d="M170 390l90-90h110l60 90" stroke="${p.dark}" stroke-width="14" fill="none"/>` +
    `<path d="M372 230l34-10 24 170" stroke="${p.dark}" stroke-width="12" fill="none"/>` +
    `<path d="M238 292c20-44 96-54 126-30l18 40H250z" fill="${p.main}"/>` +
    `<path d="M190 286h84v18h-94z" fill="${p.dark}"/>` +
    `<circle cx="300" cy="345" r="34" fill="${p.accent}"/>`,
  sofa: (p) =>
    `<rect x="150" y="420" width="18" height="50" rx="4" fill="${p.dark}"/>` +
    `<rect x="432" y="420" width="18" height="50" rx="4" fill="${p.dark}"/>` +
    `<rect x="140" y="200" width="320" height="150" rx="34" fill="${p.main}"/>` +
    `<rect x="120" y="330" width="360" height="96" rx="22" fill="${p.main}"/>` +
    `<path d="M300 340v70" stroke="${p.dark}" stroke-width="6" opacity=".35"/>` +
    `<rect x="94" y="270" width="70" height="160" rx="30" fill="${p.dark}"/>` +
    `<rect x="436" y="270" width="70" height="160" rx="30" fill="${p.dark}"/>` +
    `<rect x="180" y="240" width="80" height="70" rx="18" fill="${p.accent}"/>`,
  coffeeTable: (p) =>
    `<rect x="200" y="238" width="90" height="24" rx="4" fill="${p.accent}"/>` +
    `<rect x="210" y="218" width="70" height="20" rx="4" fill="${p.light}" opacity=".8"/>` +
    `<path d="M350 226h44v30a22 22 0 0 1-44 0z" fill="${p.light}"/>` +
    `<rect x="110" y="262" width="380" height="34" rx="12" fill="${p.main}"/>` +
    `<rect x="140" y="294" width="320" height="22" fill="${p.dark}"/>` +
    `<rect x="150" y="310" width="22" height="160" rx="6" fill="${p.dark}"/>` +
    `<rect x="428" y="310" width="22" height="160" rx="6" fill="${p.dark}"/>` +
    `<rect x="170" y="400" width="260" height="14" rx="4" fill="${p.dark}" opacity=".7"/>`,
  bookshelf: (p) =>
    `<rect x="170" y="100" width="260" height="390" rx="8" fill="${p.dark}"/>` +
    `<rect x="186" y="116" width="228" height="358" fill="#ffffff" opacity=".85"/>` +
    `<rect x="186" y="230" width="228" height="12" fill="${p.dark}"/>` +
    `<rect x="186" y="350" width="228" height="12" fill="${p.dark}"/>` +
    `<path d="M200 230v-96h26v96zm30 0v-80h22v80zm26 0v-90h30v90z" fill="${p.main}"/>` +
    `<path d="M330 230l20-84 22 5-20 79z" fill="${p.accent}"/>` +
    `<path d="M204 350v-86h28v86zm96 0v-70h24v70zm28 0v-92h22v92zm26 0v-78h30v78z" fill="${p.accent}"/>` +
    `<path d="M200 474v-90h34v90zm40 0v-72h26v72z" fill="${p.main}"/>` +
    `<circle cx="360" cy="440" r="30" fill="${p.main}"/>`,
  diningChair: (p) =>
    `<rect x="222" y="110" width="18" height="370" rx="6" fill="${p.dark}"/>` +
    `<rect x="360" y="110" width="18" height="370" rx="6" fill="${p.dark}"/>` +
    `<rect x="226" y="124" width="148" height="130" rx="14" fill="${p.main}"/>` +
    `<path d="M262 150v80m38-80v80m38-80v80" stroke="${p.light}" stroke-width="8" opacity=".4" stroke-linecap="round"/>` +
    `<rect x="196" y="290" width="208" height="44" rx="12" fill="${p.main}"/>` +
    `<rect x="200" y="330" width="18" height="150" rx="6" fill="${p.dark}"/>` +
    `<rect x="382" y="330" width="18" height="150" rx="6" fill="${p.dark}"/>` +
    `<rect x="214" y="420" width="172" height="10" rx="4" fill="${p.dark}" opacity=".7"/>`,
  bed: (p) =>
    `<rect x="96" y="170" width="44" height="300" rx="14" fill="${p.dark}"/>` +
    `<rect x="462" y="290" width="40" height="180" rx="12" fill="${p.dark}"/>` +
    `<rect x="130" y="380" width="340" height="44" fill="${p.dark}"/>` +
    `<rect x="136" y="318" width="332" height="70" rx="18" fill="${p.light}"/>` +
    `<rect x="150" y="282" width="100" height="46" rx="22" fill="${p.light}" stroke="${p.dark}" stroke-opacity=".2" stroke-width="4"/>` +
    `<path d="M262 310h196a14 14 0 0 1 14 14v56a14 14 0 0 1-14 14H262z" fill="${p.main}"/>` +
    `<path d="M262 340h210" stroke="${p.accent}" stroke-width="10"/>`,
  desk: (p) =>
    `<rect x="200" y="150" width="150" height="100" rx="8" fill="${p.dark}"/>` +
    `<rect x="210" y="160" width="130" height="80" rx="4" fill="${p.accent}"/>` +
    `<rect x="266" y="248" width="18" height="22" fill="${p.dark}"/>` +
    `<rect x="236" y="266" width="78" height="8" rx="3" fill="${p.dark}"/>` +
    `<path d="M400 270v-70l34-24" stroke="${p.dark}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<path d="M414 166l40-14 12 34z" fill="${p.main}"/>` +
    `<rect x="100" y="274" width="400" height="26" rx="8" fill="${p.main}"/>` +
    `<rect x="118" y="298" width="20" height="180" rx="6" fill="${p.dark}"/>` +
    `<rect x="340" y="298" width="140" height="130" rx="8" fill="${p.dark}"/>` +
    `<rect x="354" y="312" width="112" height="46" rx="6" fill="${p.main}"/>` +
    `<rect x="354" y="368" width="112" height="46" rx="6" fill="${p.main}"/>` +
    `<path d="M394 335h32m-32 56h32" stroke="${p.light}" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="462" y="426" width="18" height="52" rx="6" fill="${p.dark}"/>`,
  nightstand: (p) =>
    `<path d="M260 130h80l34 80H226z" fill="${p.accent}"/>` +
    `<rect x="293" y="210" width="14" height="44" fill="${p.dark}"/>` +
    `<ellipse cx="300" cy="256" rx="40" ry="10" fill="${p.dark}"/>` +
    `<rect x="180" y="262" width="240" height="180" rx="14" fill="${p.main}"/>` +
    `<rect x="198" y="282" width="204" height="66" rx="8" fill="${p.dark}" opacity=".25"/>` +
    `<rect x="198" y="358" width="204" height="66" rx="8" fill="${p.dark}" opacity=".25"/>` +
    `<circle cx="300" cy="315" r="9" fill="${p.light}"/><circle cx="300" cy="391" r="9" fill="${p.light}"/>` +
    `<rect x="196" y="440" width="18" height="40" rx="4" fill="${p.dark}"/>` +
    `<rect x="386" y="440" width="18" height="40" rx="4" fill="${p.dark}"/>`,
  lamp: (p) =>
    `<circle cx="300" cy="230" r="150" fill="${p.accent}" opacity=".25"/>` +
    `<path d="M226 130h148l56 140H170z" fill="${p.main}"/>` +
    `<path d="M190 250h220" stroke="${p.light}" stroke-width="8" opacity=".4"/>` +
    `<rect x="290" y="270" width="20" height="160" fill="${p.dark}"/>` +
    `<path d="M230 470q0-44 70-44t70 44z" fill="${p.dark}"/>`,
  mirror: (p) =>
    `<path d="M300 90l-60 60m60-60 60 60" stroke="${p.dark}" stroke-width="5"/>` +
    `<circle cx="300" cy="310" r="170" fill="${p.main}"/>` +
    `<circle cx="300" cy="310" r="144" fill="#e9f2f7"/>` +
    `<path d="M210 300l90-90m-60 130 130-130m-50 150 70-70" stroke="#ffffff" stroke-width="16" stroke-linecap="round"/>` +
    `<circle cx="300" cy="140" r="10" fill="${p.dark}"/>`,
  pillow: (p) =>
    `<path d="M150 170q150-40 300 0 36 130 0 260-150 40-300 0-36-130 0-260z" fill="${p.main}"/>` +
    `<path d="M180 200q120-28 240 0 26 100 0 200-120 28-240 0-26-100 0-200z" fill="none" stroke="${p.light}" stroke-width="6" stroke-dasharray="14 10" opacity=".6"/>` +
    `<circle cx="300" cy="300" r="16" fill="${p.dark}"/>` +
    `<path d="M150 170l-26-22m326 22 26-22M150 430l-26 22m326-22 26 22" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`,
  candle: (p) =>
    `<path d="M300 140c-30 40-24 70 0 80 24-10 30-40 0-80z" fill="#f59e0b"/>` +
    `<path d="M300 176c-10 16-8 30 0 34 8-4 10-18 0-34z" fill="#fde68a"/>` +
    `<path d="M300 220v30" stroke="${p.dark}" stroke-width="6"/>` +
    `<rect x="200" y="240" width="200" height="230" rx="24" fill="${p.main}"/>` +
    `<rect x="200" y="240" width="200" height="40" rx="20" fill="${p.light}" opacity=".6"/>` +
    `<rect x="228" y="330" width="144" height="80" rx="8" fill="${p.light}" opacity=".85"/>` +
    `<path d="M250 360h100m-80 24h60" stroke="${p.dark}" stroke-width="8" stroke-linecap="round" opacity=".7"/>`,
  clock: (p) =>
    `<circle cx="300" cy="300" r="180" fill="${p.main}"/>` +
    `<circle cx="300" cy="300" r="152" fill="#ffffff"/>` +
    `<path d="M300 160v28m0 224v28M160 300h28m224 0h28" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M300 300V200m0 100 70 40" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M300 300 220 380" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="300" cy="300" r="14" fill="${p.dark}"/>`,
  planter: (p) =>
    `<path d="M300 330c-20-80-90-120-150-110 30 60 80 100 150 110z" fill="#4d9a4f"/>` +
    `<path d="M300 330c10-100 70-170 130-170-10 80-60 140-130 170z" fill="#3f8a45"/>` +
    `<path d="M300 330c-10-80 0-150 20-200 30 60 20 140-20 200z" fill="#5fb062"/>` +
    `<rect x="180" y="320" width="240" height="40" rx="8" fill="${p.dark}"/>` +
    `<path d="M196 360h208l-26 118H222z" fill="${p.main}"/>` +
    `<path d="M210 400h180" stroke="${p.light}" stroke-width="8" opacity=".4"/>`,
  runner: (p) =>
    `<path d="M80 280h440l-40 120H120z" fill="${p.dark}"/>` +
    `<rect x="120" y="398" width="22" height="80" fill="${p.dark}"/><rect x="458" y="398" width="22" height="80" fill="${p.dark}"/>` +
    `<path d="M250 280h100l22 120H228z" fill="${p.main}"/>` +
    `<path d="M228 400l-4 40h152l-4-40z" fill="${p.main}"/>` +
    `<path d="M236 440v22m16-22v22m16-22v22m16-22v22m16-22v22m16-22v22m16-22v22m16-22v22m16-22v22" stroke="${p.main}" stroke-width="5"/>` +
    `<path d="M262 300h76m-80 30h84m-88 30h92" stroke="${p.accent}" stroke-width="8"/>` +
    `<circle cx="420" cy="262" r="24" fill="${p.accent}"/>`,
  foodJar: (p) =>
    `<rect x="220" y="150" width="160" height="50" rx="10" fill="${p.dark}"/>` +
    `<path d="M210 200h180q20 0 20 30v200q0 40-40 40H230q-40 0-40-40V230q0-30 20-30z" fill="#e6a23c"/>` +
    `<path d="M214 206c20 30 30 4 46 34 12-24 30 10 40-20 12 24 30-4 40 20 10-16 28 0 46-34" fill="${p.dark}" opacity=".85"/>` +
    `<rect x="220" y="300" width="160" height="100" rx="10" fill="#ffffff" opacity=".9"/>` +
    `<path d="M250 340h100m-80 28h60" stroke="${p.main}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M212 250v150" stroke="#ffffff" stroke-width="10" opacity=".4" stroke-linecap="round"/>`,
  oilBottle: (p) =>
    `<rect x="278" y="100" width="44" height="40" rx="6" fill="${p.dark}"/>` +
    `<path d="M284 140h32v60l40 60v190q0 24-24 24h-64q-24 0-24-24V260l40-60z" fill="#8fae3a"/>` +
    `<rect x="244" y="300" width="112" height="110" rx="8" fill="#ffffff" opacity=".9"/>` +
    `<ellipse cx="300" cy="340" rx="20" ry="12" fill="#4f7a28"/>` +
    `<path d="M266 380h68" stroke="${p.main}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M258 270v170" stroke="#ffffff" stroke-width="8" opacity=".35" stroke-linecap="round"/>`,
};

const POSES = [
  { rotate: 0, scale: 1 },
  { rotate: -8, scale: 0.92 },
  { rotate: 6, scale: 0.96 },
  { rotate: 0, scale: 0.84 },
  { rotate: -4, scale: 1.04 },
  { rotate: 10, scale: 0.9 },
];

function palette(hue: number): Palette {
  return {
    main: hsl(hue, 62, 50),
    dark: hsl(hue, 30, 22),
    light: '#ffffff',
    accent: hsl(hue + 150, 65, 62),
  };
}

/** The seed's colour names (server/db/seedVariants.ts), drawn: the object's main, dark and accent tones. */
const COLOUR_PALETTES: Readonly<Record<string, Palette>> = {
  black: { main: '#262626', dark: '#0a0a0a', light: '#ffffff', accent: '#737373' },
  white: { main: '#f5f5f4', dark: '#78716c', light: '#ffffff', accent: '#d6d3d1' },
  navy: { main: '#1e3a8a', dark: '#172554', light: '#ffffff', accent: '#60a5fa' },
  olive: { main: '#65722e', dark: '#3a4119', light: '#ffffff', accent: '#bfc98a' },
  burgundy: { main: '#7f1d2d', dark: '#4c0519', light: '#ffffff', accent: '#e11d48' },
  sand: { main: '#d6c09a', dark: '#8a7350', light: '#ffffff', accent: '#f5e6c8' },
  tortoise: { main: '#7c4a1e', dark: '#3b220c', light: '#ffffff', accent: '#d89a4e' },
  gold: { main: '#c9a227', dark: '#7a5f10', light: '#ffffff', accent: '#f6dd7a' },
  silver: { main: '#a8adb5', dark: '#4b5058', light: '#ffffff', accent: '#e5e7eb' },
};

/** Whether the seed can draw `colour` (a value of a product's colour option). */
export const drawsColour = (colour: string) => colour.toLowerCase() in COLOUR_PALETTES;

/**
 * One product illustration: `categoryHue` sets the background, `variant` the object's hue and
 * pose; `colour` (one of COLOUR_PALETTES' names) draws the object in that colour instead.
 */
export function productSvg(icon: IconKind, categoryHue: number, variant: number, colour?: string): string {
  const objectHue = categoryHue + variant * 47;
  const objectPalette = colour ? COLOUR_PALETTES[colour.toLowerCase()] : undefined;
  if (colour && !objectPalette) throw new Error(`no palette for the colour ${colour}`);
  const pose = POSES[variant % POSES.length];
  const bgA = hsl(categoryHue + variant * 9, 70, 96);
  const bgB = hsl(categoryHue + variant * 9 + 25, 55, 83);
  const blobX = 120 + ((variant * 173) % 360);
  const blobY = 110 + ((variant * 97) % 120);
  const transform =
    `translate(300 300) rotate(${pose.rotate}) scale(${pose.scale}) translate(-300 -300)`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 600 600">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>` +
    `<circle cx="${blobX}" cy="${blobY}" r="${90 + variant * 12}" fill="#ffffff" opacity=".35"/>` +
    `<ellipse cx="300" cy="500" rx="190" ry="22" fill="#000000" opacity=".08"/>` +
    `<g transform="${transform}">${ICONS[icon](objectPalette ?? palette(objectHue))}</g>` +
    `</svg>\n`
  );
}

/** The home page's promo banner (1200×400): decorative only, the page supplies the text. */
export function bannerSvg(): string {
  const phone = ICONS.phone(palette(250));
  const laptop = ICONS.laptop(palette(200));
  const bag = ICONS.bag(palette(30));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#312e81"/><stop offset=".6" stop-color="#6d28d9"/><stop offset="1" stop-color="#db2777"/>` +
    `</linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#b)"/>` +
    `<circle cx="120" cy="60" r="160" fill="#ffffff" opacity=".06"/>` +
    `<circle cx="1080" cy="380" r="220" fill="#ffffff" opacity=".07"/>` +
    `<circle cx="640" cy="-40" r="120" fill="#ffffff" opacity=".05"/>` +
    `<g transform="translate(540 100) scale(.6)">${laptop}</g>` +
    `<g transform="translate(800 40) scale(.55) rotate(-8 300 300)">${phone}</g>` +
    `<g transform="translate(1000 150) scale(.42)">${bag}</g>` +
    `<g transform="translate(1040 30) rotate(14)"><path d="M0 0h96l24 30-24 30H0z" fill="#facc15"/>` +
    `<circle cx="18" cy="30" r="7" fill="#6d28d9"/></g>` +
    `</svg>\n`
  );
}
