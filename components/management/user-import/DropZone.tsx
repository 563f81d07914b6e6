'use client';

/** Choose the file, or drop it on the box (issue 25, 用户导入). The input itself takes the keyboard focus. */
import { useId, useState } from 'react';

export function DropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      data-testid="import-drop"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
      className={`relative rounded-lg border-2 border-dashed px-4 py-8 text-center focus-within:outline focus-within:outline-2 focus-within:outline-brand-700 ${
        over ? 'border-brand-600 bg-brand-50' : 'border-gray-300 bg-white'
      }`}
    >
      <input
        id={id}
        type="file"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        className="sr-only"
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={disabled ? 'cursor-not-allowed' : 'cursor-pointer'}>
        <span className="block text-base font-medium text-brand-700">选择文件</span>
        <span className="mt-1 block text-sm text-gray-600">或将填好的用户导入模板拖到这里（xlsx或csv，不超过5MB）</span>
      </label>
    </div>
  );
}
