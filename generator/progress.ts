// Progress on the terminal: one line per step with its time, so a long build never looks stuck.
export interface Progress {
  step<T>(label: string, work: () => T | Promise<T>, done?: (result: T) => string): Promise<T>;
  info(line: string): void;
}

export function terminalProgress(quiet = false, stream: NodeJS.WriteStream = process.stderr): Progress {
  const say = (s: string) => {
    if (!quiet) stream.write(s);
  };
  return {
    async step(label, work, done) {
      const start = performance.now();
      say(`  ${label}…`);
      const result = await work();
      const ms = performance.now() - start;
      const extra = done ? ` ${done(result)}` : '';
      say(` done${extra} (${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`})\n`);
      return result;
    },
    info(line) {
      say(`${line}\n`);
    },
  };
}
