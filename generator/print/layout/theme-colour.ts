// A colour as the templates write it: a theme colour's name ("muted", "rubric") or "#rrggbb".
import { BuildError } from '../../build-error.js';
import type { Theme } from './schema.js';

export function themeColour(theme: Theme, value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const named = theme.colours[value];
  if (!named)
    throw new BuildError(
      `the colour “${value}” is neither a theme colour nor #rrggbb`,
      `use one of: ${Object.keys(theme.colours).join(', ')}`,
      'templates/theme.yaml',
    );
  return named;
}
