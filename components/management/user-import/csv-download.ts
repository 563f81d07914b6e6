/** A small CSV made in the browser (UTF-8 with a BOM for Excel), saved as a file: the error list, the passwords. */
export function csvText(header: string[], rows: (string | number)[][]): string {
  const field = (v: string | number) => {
    if (typeof v === 'number') return String(v);
    const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return '\uFEFF' + [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export function saveCsv(fileName: string, header: string[], rows: (string | number)[][]): void {
  const url = URL.createObjectURL(new Blob([csvText(header, rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
