// The shop's theme: Tailwind's own palette and type scale, with the brand colour named once
// (`brand-600` for actions and links, and so on). Tailwind 4 reads this file through `@config`
// in src/index.css and finds the classes in use in the sources by itself.
import type { Config } from 'tailwindcss';
import colors from 'tailwindcss/colors';

export default {
  theme: {
    extend: {
      colors: { brand: colors.indigo },
    },
  },
} satisfies Config;
