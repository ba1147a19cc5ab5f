// Progress on the terminal: one line per step with its time, so a long build never looks stuck.
// Stages run side by side, so steps overlap: the first step to start has the open line
// ("  Printing the books…"); a step that finishes while another holds the line prints its own
// whole line, and the open one is shown again beneath it. Written to a file or a pipe (a log),
// where no line is ever rewritten, each step is one line, written when it is done.
export interface Progress {
  /** `spent`: the time to show when the work was done elsewhere (another thread), not while waited for here. */
  step<T>(label: string, work: () => T | Promise<T>, done?: (result: T) => string, spent?: (result: T) => number): Promise<T>;
  info(line: string): void;
  /** A line shown even when quiet: something the user waits on. */
  notice(line: string): void;
}

const took = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`);

export function terminalProgress(quiet = false, stream: NodeJS.WriteStream = process.stderr, live = Boolean(stream.isTTY)): Progress {
  const say = (s: string) => {
    if (!quiet) stream.write(s);
  };
  /** The label whose "…" ends the current terminal line, if any. */
  let open: string | undefined;
  return {
    async step(label, work, done, spent) {
      const start = performance.now();
      if (open === undefined && live) {
        open = label;
        say(`  ${label}…`);
      }
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work();
      } catch (e) {
        if (open === label) {
          say('\n');
          open = undefined;
        }
        throw e;
      }
      const extra = done ? ` ${done(result)}` : '';
      const tail = ` done${extra} (${took(spent ? spent(result) : performance.now() - start)})\n`;
      if (open === label) {
        say(tail);
        open = undefined;
      } else if (open !== undefined) {
        say(`\n  ${label}…${tail}  ${open}…`);
      } else {
        say(`  ${label}…${tail}`);
      }
      return result;
    },
    info(line) {
      if (open !== undefined) {
        say(`\n${line}\n  ${open}…`);
        return;
      }
      say(`${line}\n`);
    },
    notice(line) {
      if (quiet) stream.write(`${line}\n`);
      else this.info(line);
    },
  };
}

/** The same progress, refusing to start a step once `signal` is aborted (another stage failed). */
export function stoppable(progress: Progress, signal: AbortSignal): Progress {
  return {
    step(label, work, done, spent) {
      signal.throwIfAborted();
      return progress.step(label, work, done, spent);
    },
    info: (line) => progress.info(line),
    notice: (line) => progress.notice(line),
  };
}
