// The regions (ISO 3166-2 subdivisions) of the countries the shop ships to: the states, provinces,
// territories and union territories an address names. The API stores an address's region by its
// code and answers its name; tax rates are keyed by the code. Kept out of types.ts so that only
// the address forms and the back office's tax rates load it, never the first screen.
import type { Country } from './types';

export interface Region {
  country: Country;
  /** The subdivision part of the ISO code: `CA` of US-CA. */
  code: string;
  name: string;
}

/** ISO 3166-1 alpha-2 of each country: the prefix of its regions' ISO codes. */
export const COUNTRY_CODES: Readonly<Record<Country, string>> = { India: 'IN', 'United States': 'US', Canada: 'CA', Mexico: 'MX' };

/** Each country's regions, `code:Name` pairs. */
const TABLE: Readonly<Record<Country, string>> = {
  'United States':
    'AL:Alabama|AK:Alaska|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|DE:Delaware|DC:District of Columbia|' +
    'FL:Florida|GA:Georgia|HI:Hawaii|ID:Idaho|IL:Illinois|IN:Indiana|IA:Iowa|KS:Kansas|KY:Kentucky|LA:Louisiana|ME:Maine|' +
    'MD:Maryland|MA:Massachusetts|MI:Michigan|MN:Minnesota|MS:Mississippi|MO:Missouri|MT:Montana|NE:Nebraska|NV:Nevada|' +
    'NH:New Hampshire|NJ:New Jersey|NM:New Mexico|NY:New York|NC:North Carolina|ND:North Dakota|OH:Ohio|OK:Oklahoma|OR:Oregon|' +
    'PA:Pennsylvania|RI:Rhode Island|SC:South Carolina|SD:South Dakota|TN:Tennessee|TX:Texas|UT:Utah|VT:Vermont|VA:Virginia|' +
    'WA:Washington|WV:West Virginia|WI:Wisconsin|WY:Wyoming',
  Canada:
    'AB:Alberta|BC:British Columbia|MB:Manitoba|NB:New Brunswick|NL:Newfoundland and Labrador|NT:Northwest Territories|' +
    'NS:Nova Scotia|NU:Nunavut|ON:Ontario|PE:Prince Edward Island|QC:Quebec|SK:Saskatchewan|YT:Yukon',
  Mexico:
    'AGU:Aguascalientes|BCN:Baja California|BCS:Baja California Sur|CAM:Campeche|CHP:Chiapas|CHH:Chihuahua|' +
    'CMX:Ciudad de México|COA:Coahuila|COL:Colima|DUR:Durango|MEX:Estado de México|GUA:Guanajuato|GRO:Guerrero|HID:Hidalgo|' +
    'JAL:Jalisco|MIC:Michoacán|MOR:Morelos|NAY:Nayarit|NLE:Nuevo León|OAX:Oaxaca|PUE:Puebla|QUE:Querétaro|ROO:Quintana Roo|' +
    'SLP:San Luis Potosí|SIN:Sinaloa|SON:Sonora|TAB:Tabasco|TAM:Tamaulipas|TLA:Tlaxcala|VER:Veracruz|YUC:Yucatán|ZAC:Zacatecas',
  India:
    'AN:Andaman and Nicobar Islands|AP:Andhra Pradesh|AR:Arunachal Pradesh|AS:Assam|BR:Bihar|CH:Chandigarh|CG:Chhattisgarh|' +
    'DH:Dadra and Nagar Haveli and Daman and Diu|DL:Delhi|GA:Goa|GJ:Gujarat|HR:Haryana|HP:Himachal Pradesh|' +
    'JK:Jammu and Kashmir|JH:Jharkhand|KA:Karnataka|KL:Kerala|LA:Ladakh|LD:Lakshadweep|MP:Madhya Pradesh|MH:Maharashtra|' +
    'MN:Manipur|ML:Meghalaya|MZ:Mizoram|NL:Nagaland|OD:Odisha|PY:Puducherry|PB:Punjab|RJ:Rajasthan|SK:Sikkim|' +
    'TN:Tamil Nadu|TS:Telangana|TR:Tripura|UP:Uttar Pradesh|UK:Uttarakhand|WB:West Bengal',
};

/**
 * Other spellings a saved address may carry: the official long names of three Mexican states,
 * Mexico City's English name and the Distrito Federal it was, and the ISO codes four Indian states
 * had until 2023.
 */
const ALIASES: Readonly<Partial<Record<Country, Record<string, string>>>> = {
  Mexico: {
    'Coahuila de Zaragoza': 'COA',
    'Michoacán de Ocampo': 'MIC',
    'Veracruz de Ignacio de la Llave': 'VER',
    México: 'MEX',
    'Mexico City': 'CMX',
    'Distrito Federal': 'CMX',
  },
  India: { CT: 'CG', OR: 'OD', TG: 'TS', UT: 'UK', Orissa: 'OD', Pondicherry: 'PY' },
};

const cache = new Map<Country, readonly Region[]>();

/** The regions of `country`, by name; none for a country the shop does not ship to. */
export function regionsOf(country: string): readonly Region[] {
  const table = TABLE[country as Country];
  if (table === undefined) return [];
  let list = cache.get(country as Country);
  if (!list) {
    list = table.split('|').map((pair) => {
      const [code, name] = pair.split(':');
      return { country: country as Country, code, name };
    }).sort((a, b) => a.name.localeCompare(b.name, 'en'));
    cache.set(country as Country, list);
  }
  return list;
}

/** Text as compared: accents, case, dots and extra spaces ignored ("Québec" = "quebec"). */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The region of `country` that `text` names: its code (`CA`), its ISO code (`US-CA`) or its name,
 * case and accents ignored; undefined for anything else, a region of another country included.
 */
export function findRegion(country: string, text: unknown): Region | undefined {
  if (typeof text !== 'string') return undefined;
  const regions = regionsOf(country);
  if (regions.length === 0) return undefined;
  let wanted = foldText(text);
  const prefix = `${COUNTRY_CODES[country as Country].toLowerCase()}-`;
  if (wanted.startsWith(prefix)) wanted = wanted.slice(prefix.length);
  const found = regions.find((r) => r.code.toLowerCase() === wanted || foldText(r.name) === wanted);
  if (found) return found;
  const alias = Object.entries(ALIASES[country as Country] ?? {}).find(([spelling]) => foldText(spelling) === wanted);
  return alias && regions.find((r) => r.code === alias[1]);
}

/** The name of `country`'s region `code`; undefined when it has none of that code. */
export const regionName = (country: string, code: string): string | undefined => regionsOf(country).find((r) => r.code === code)?.name;

/** The ISO 3166-2 code of a region: `US-CA`. */
export const isoCode = (region: Region): string => `${COUNTRY_CODES[region.country]}-${region.code}`;

/** What the API says of a state that names none of the country's regions. */
export const chooseStateMessage = (country: string): string => `Choose a state of ${country}`;
