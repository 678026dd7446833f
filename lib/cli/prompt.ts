import { CliError } from "./run";

/** The terminal side of stdin: what hidden input needs (process.stdin when it is a TTY). */
export type TerminalInput = NodeJS.ReadableStream & { setRawMode(mode: boolean): unknown; isRaw?: boolean };

/**
 * Asks for a line without echoing it (a password). The terminal is put in raw mode, so the typed
 * characters never appear; Backspace edits, Enter ends, Ctrl-C (or Ctrl-D on an empty line) cancels.
 */
export function readHiddenLine(
  prompt: string,
  input: TerminalInput,
  output: NodeJS.WritableStream,
): Promise<string> {
  output.write(prompt);
  return new Promise((resolve, reject) => {
    let value = "";
    const wasRaw = input.isRaw ?? false;
    const finish = (error?: Error) => {
      input.removeListener("data", onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of String(chunk)) {
        if (char === "\r" || char === "\n") return finish();
        if (char === "\u0003" || (char === "\u0004" && value === ""))
          return finish(new CliError("Cancelled."));
        if (char === "\u007f" || char === "\b") value = [...value].slice(0, -1).join("");
        else if (char >= " ") value += char;
      }
    };
    input.setEncoding("utf8");
    input.setRawMode(true);
    input.on("data", onData);
    input.resume();
  });
}
