"use client";

import { useId, useState } from "react";

type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; description?: string };

/** Sends one request to the API from the reference page and shows the answer. */
export function TryIt({
  method,
  path,
  parameters,
  exampleBody,
}: {
  method: string;
  path: string;
  parameters: Parameter[];
  exampleBody?: string;
}) {
  const formId = useId();
  const [secret, setSecret] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(exampleBody ?? "");
  const [result, setResult] = useState<{ status: number; headers: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      let url = `/api/v2.2${path}`;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const p of parameters) {
        const value = values[`${p.in}:${p.name}`];
        if (!value) continue;
        if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(value));
        else if (p.in === "query") query.set(p.name, value);
        else headers[p.name] = value;
      }
      if (secret) headers.Authorization = `Bearer ${secret}`;
      if (body && method !== "get" && method !== "delete") headers["Content-Type"] = "application/json";
      const response = await fetch(`${url}${query.size ? `?${query}` : ""}`, {
        method: method.toUpperCase(),
        headers,
        body: body && method !== "get" && method !== "delete" ? body : undefined,
      });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON
      }
      const shown = ["content-type", "x-page-next", "location", "x-request-id", "www-authenticate"]
        .map((name) => [name, response.headers.get(name)])
        .filter(([, value]) => value)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n");
      setResult({ status: response.status, headers: shown, text: pretty });
    } finally {
      setBusy(false);
    }
  }

  const input = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-sm";
  return (
    <form
      onSubmit={send}
      className="mt-4 space-y-3 rounded-lg bg-slate-50 p-4"
      aria-label={`Try ${method} ${path}`}
    >
      <label className="block text-sm" htmlFor={`${formId}-secret`}>
        API secret
        <input
          id={`${formId}-secret`}
          className={input}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          placeholder="brk_… (or leave empty to use your staff session)"
          autoComplete="off"
        />
      </label>
      {parameters.map((p) => (
        <label key={`${p.in}:${p.name}`} className="block text-sm" htmlFor={`${formId}-${p.in}-${p.name}`}>
          {p.name}{" "}
          <span className="text-slate-500">
            ({p.in}
            {p.required ? ", required" : ""})
          </span>
          <input
            id={`${formId}-${p.in}-${p.name}`}
            className={input}
            value={values[`${p.in}:${p.name}`] ?? ""}
            onChange={(e) => setValues({ ...values, [`${p.in}:${p.name}`]: e.target.value })}
          />
        </label>
      ))}
      {exampleBody !== undefined && (
        <label className="block text-sm" htmlFor={`${formId}-body`}>
          Body (JSON)
          <textarea
            id={`${formId}-body`}
            className={`${input} h-32`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </label>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {busy ? "Sending…" : "Send request"}
      </button>
      {result && (
        <div className="text-sm" aria-live="polite">
          <p className="font-medium">Status {result.status}</p>
          {result.headers && (
            <pre className="mt-1 whitespace-pre-wrap text-xs text-slate-600">{result.headers}</pre>
          )}
          <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
            {result.text}
          </pre>
        </div>
      )}
    </form>
  );
}
