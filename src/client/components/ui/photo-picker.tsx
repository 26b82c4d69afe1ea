import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_TOO_BIG, PHOTO_TYPES } from '../../../shared/photos/rules.ts';
import { FormField } from './form-field.tsx';

interface Picked {
  file: File;
  /** An object URL of the file, for its preview (revoked when it goes). */
  url: string;
}

interface PhotoPickerProps {
  label: string;
  /** The file input's name: the form posts the picked files under it. */
  name: string;
  hint?: string;
  /** How many files may be picked (1: a single file). */
  max?: number;
  disabled?: boolean;
  /** Told of every change of the picked files (the profile form previews in its avatar). */
  onPick?: (picked: readonly Picked[]) => void;
}

const MB = 1024 * 1024;
const NOT_AN_IMAGE = 'is not a JPEG, PNG, WebP, GIF or AVIF image';

/** What the browser can say about a file before it is sent (the server decides for sure). */
function problemWith(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return `${file.name} ${NOT_AN_IMAGE}.`;
  if (file.size > PHOTO_MAX_BYTES)
    return `${file.name} is ${(file.size / MB).toFixed(1)} MB. ${PHOTO_TOO_BIG}`;
  return null;
}

/** Puts exactly `files` in the input (what the form will post). */
function setFiles(input: HTMLInputElement, files: readonly File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}

/**
 * A labelled file input for photos with a preview of each picked file (an object URL, never
 * uploaded until the form is sent) and a button to take each one out again. Files the server
 * would refuse (type, size, too many) are left out at once, with a sentence saying why.
 */
export function PhotoPicker({ label, name, hint, max = 1, disabled, onPick }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const current = useRef<Picked[]>([]);

  const update = (next: Picked[]) => {
    for (const old of current.current) if (!next.includes(old)) URL.revokeObjectURL(old.url);
    current.current = next;
    setPicked(next);
    onPick?.(next);
  };

  // A form reset (after a task is posted) empties the input: the previews go with it.
  useEffect(() => {
    const form = input.current?.form;
    const onReset = () => {
      update([]);
      setProblem(null);
    };
    form?.addEventListener('reset', onReset);
    return () => form?.removeEventListener('reset', onReset);
  });
  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const choose = (files: File[]) => {
    const problems: string[] = [];
    const fitting = files.filter((file) => {
      const why = problemWith(file);
      if (why) problems.push(why);
      return why === null;
    });
    const kept = fitting.slice(0, max);
    if (fitting.length > max)
      problems.push(max === 1 ? 'Choose one photo.' : `You can add ${max} more photos at most.`);
    if (input.current) setFiles(input.current, kept);
    setProblem(problems.length > 0 ? problems.join(' ') : null);
    update(kept.map((file) => ({ file, url: URL.createObjectURL(file) })));
  };

  const takeOut = (item: Picked) => {
    const rest = picked.filter((p) => p !== item);
    if (input.current)
      setFiles(
        input.current,
        rest.map((p) => p.file),
      );
    update(rest);
    input.current?.focus();
  };

  const full = max <= 0;
  return (
    <FormField
      label={label}
      name={name}
      note="(optional)"
      hint={full ? 'This task has as many photos as it can hold.' : hint}
    >
      {(control) => (
        <div className="flex flex-col gap-3">
          <input
            {...control}
            aria-describedby={
              [control['aria-describedby'], problem ? problemId : undefined]
                .filter(Boolean)
                .join(' ') || undefined
            }
            ref={input}
            type="file"
            name={name}
            accept={PHOTO_TYPES.join(',')}
            multiple={max > 1}
            disabled={disabled || full}
            className="file-input w-full"
            onChange={(event) => choose(Array.from(event.target.files ?? []))}
          />
          <p id={problemId} role="status" className="text-sm text-error empty:hidden">
            {problem}
          </p>
          {picked.length > 0 ? (
            <ul className="flex flex-wrap gap-3" aria-label="Photos to upload">
              {picked.map((item) => (
                <li key={item.url} className="relative">
                  <img
                    src={item.url}
                    alt={`Preview of ${item.file.name}`}
                    className="size-24 rounded-field border border-base-300 object-cover"
                  />
                  <button
                    type="button"
                    className="btn btn-circle btn-xs absolute -top-2 -right-2 border-base-300"
                    aria-label={`Remove ${item.file.name}`}
                    onClick={() => takeOut(item)}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
