/**
 * A benchmark's options, declared once at the top of its script: each has a name, a type, a default and a one-line
 * description. An option `fooBar` is `--foo-bar <value>` on the command line (`npm run bench:x -- --foo-bar 5`) or the
 * BENCH_FOO_BAR environment variable; the command line wins. `--help` prints the table and exits; an option the script
 * does not declare is refused, so a typo never runs a long benchmark with its defaults.
 *
 * Values given on the command line are also set in this process's environment, so the load processes a bench forks
 * (the same script, BENCH_ROLE=load) read the same options.
 */
import path from 'node:path';

interface Common {
  description: string;
  /** The environment variable, when it is not BENCH_<NAME> (a product setting the bench reads too). */
  env?: string;
  /** What `--help` shows as the default when it depends on other options (the value is then undefined). */
  defaultText?: string;
  /** What `--help` shows for the value (default: `n` for numbers, `path` for text). */
  placeholder?: string;
}
export type OptionSpec =
  | (Common & { type: 'number'; default?: number })
  | (Common & { type: 'string'; default?: string })
  | (Common & { type: 'choice'; choices: readonly string[]; default: string })
  | (Common & { type: 'flag' });

type ValueOf<S> = S extends { type: 'flag' }
  ? boolean
  : S extends { type: 'choice'; choices: readonly (infer C)[] }
    ? C
    : S extends { type: 'number'; default: number }
      ? number
      : S extends { type: 'number' }
        ? number | undefined
        : S extends { default: string }
          ? string
          : string | undefined;

export type Options<Spec extends Record<string, OptionSpec>> = { [K in keyof Spec]: ValueOf<Spec[K]> };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const envName = (name: string, spec: OptionSpec) => spec.env ?? `BENCH_${kebab(name).toUpperCase().replace(/-/g, '_')}`;

/** Thrown for a bad command line; `benchOptions` prints it and exits with status 2. */
class OptionError extends Error {}

function convert(name: string, spec: OptionSpec, raw: string | true, source: string): unknown {
  if (spec.type === 'flag') return raw === true || !['', '0', 'false', 'no'].includes(raw.toLowerCase());
  if (raw === true) throw new OptionError(`${source} needs a value`);
  if (spec.type === 'number') {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) throw new OptionError(`${source} wants a number, not "${raw}"`);
    return value;
  }
  if (spec.type === 'choice' && !spec.choices.includes(raw))
    throw new OptionError(`${source} is one of ${spec.choices.join(', ')}, not "${raw}"`);
  return raw;
}

/** The command line as name → raw value (`true` for a bare flag); refuses what `spec` does not declare. */
function readArgs(argv: string[], spec: Record<string, OptionSpec>): Map<string, string | true> {
  const byFlag = new Map(Object.keys(spec).map((name) => [`--${kebab(name)}`, name]));
  const given = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const name = byFlag.get(flag);
    if (name === undefined) {
      const known = [...byFlag.keys()].join(' ') || '(none)';
      throw new OptionError(
        flag.startsWith('--')
          ? `unknown option ${flag}; this benchmark takes: ${known}`
          : `unexpected argument "${flag}"; options are --name value (see --help)`,
      );
    }
    if (inline !== undefined) given.set(name, inline);
    else if (spec[name]!.type === 'flag') given.set(name, true);
    else if (i + 1 < argv.length) given.set(name, argv[++i]!);
    else throw new OptionError(`${flag} needs a value`);
  }
  return given;
}

/** The table `--help` prints. */
export function describeOptions(summary: string, spec: Record<string, OptionSpec>): string {
  const rows = Object.entries(spec).map(([name, s]) => {
    const value =
      s.type === 'flag' ? '' : ` <${s.placeholder ?? (s.type === 'choice' ? s.choices.join('|') : s.type === 'number' ? 'n' : 'path')}>`;
    const fallback = s.defaultText ?? ('default' in s && s.default !== undefined ? String(s.default) : s.type === 'flag' ? 'off' : 'none');
    return [`--${kebab(name)}${value}`, envName(name, s), `${s.description} (default: ${fallback})`];
  });
  const width = (column: number) => Math.max(0, ...rows.map((r) => r[column]!.length));
  const [w0, w1] = [width(0), width(1)];
  const script = path.relative(process.cwd(), process.argv[1] ?? '');
  const table = rows.map(([flag, env, text]) => `  ${flag!.padEnd(w0)}  ${env!.padEnd(w1)}  ${text}`).join('\n');
  const help = `  ${'--help'.padEnd(w0)}  ${''.padEnd(w1)}  print this and exit`;
  return `${script}: ${summary}\n\nOptions (--name value, or the environment variable):\n${table ? `${table}\n` : ''}${help}\n`;
}

/**
 * Parses `argv` (default: this process's arguments) and the environment against `spec`. `--help` prints the options
 * and exits; a bad command line prints why and exits with status 2. `--list-options` prints the declared flags as JSON
 * (for scripts/bench.mjs, which hands each script of a chain only the options it declares).
 */
export function benchOptions<const Spec extends Record<string, OptionSpec>>(
  summary: string,
  spec: Spec,
  argv = process.argv.slice(2),
): Options<Spec> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(describeOptions(summary, spec));
    process.exit(0);
  }
  if (argv.includes('--list-options')) {
    process.stdout.write(
      `${JSON.stringify(Object.entries(spec).map(([name, s]) => ({ flag: `--${kebab(name)}`, takesValue: s.type !== 'flag' })))}\n`,
    );
    process.exit(0);
  }
  try {
    const given = readArgs(argv, spec);
    const values: Record<string, unknown> = {};
    for (const [name, s] of Object.entries(spec)) {
      const env = envName(name, s);
      const arg = given.get(name);
      if (arg !== undefined) {
        values[name] = convert(name, s, arg, `--${kebab(name)}`);
        process.env[env] = arg === true ? '1' : arg;
      } else if (process.env[env] !== undefined && process.env[env] !== '') values[name] = convert(name, s, process.env[env], env);
      else values[name] = s.type === 'flag' ? false : s.default;
    }
    return values as Options<Spec>;
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    process.stderr.write(`${path.relative(process.cwd(), process.argv[1] ?? '')}: ${error.message}\n`);
    process.exit(2);
  }
}
