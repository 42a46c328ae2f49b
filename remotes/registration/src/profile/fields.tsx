import { calls, FieldError, maskDisplayDate, type PlacePage, TextField } from '@credimo/shared';
import { type FormikProps, getIn } from 'formik';
import { type ChangeEvent, type SelectHTMLAttributes, useEffect, useId, useState } from 'react';
import styles from './profile.module.css';

/** Formik wiring for one text field: value, change, blur and the error once touched or submitted. */
export function bind<V>(form: FormikProps<V>, name: string) {
  const touched = getIn(form.touched, name) || form.submitCount > 0;
  return {
    name,
    value: (getIn(form.values, name) as string | undefined) ?? '',
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: touched ? (getIn(form.errors, name) as string | undefined) : undefined,
  };
}

/**
 * A date field's wiring: a phone's numeric keypad (no "/"), and the separators put in as the customer types
 * (maskDisplayDate), so "15062030" reads 15/06/2030.
 */
export function bindDate<V>(form: FormikProps<V>, name: string) {
  return {
    ...bind(form, name),
    placeholder: 'dd/mm/aaaa',
    inputMode: 'numeric' as const,
    maxLength: 10,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setFieldValue(name, maskDisplayDate(event.target.value));
    },
  };
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: Array<{ id: string | number; name: string }>;
  error?: string | undefined;
  placeholder?: string;
}

export function SelectField({ label, options, error, placeholder = 'Elige una opción', ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        {...select}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A reference list from the API, loaded once per screen. */
export function useOptions(list: Parameters<typeof calls.options>[0]) {
  const [options, setOptions] = useState<Array<{ id: string | number; name: string }>>([]);
  useEffect(() => {
    calls.options(list).then(setOptions, () => setOptions([]));
  }, [list]);
  return options;
}

/**
 * A place picker that searches as the person types and shows up to 30 matches (the API's pages of 30). The
 * typed text stays valid when nothing matches (streets are free text where no register exists).
 */
export function PlaceField(props: {
  label: string;
  kind: 'regions' | 'cities' | 'streets';
  parent?: { key: 'region_id' | 'city_id'; id: number | null };
  value: string;
  onChange: (value: string, id: number | null) => void;
  onBlur?: () => void;
  name: string;
  error?: string | undefined;
}) {
  const listId = useId();
  const [page, setPage] = useState<PlacePage | null>(null);
  const parentId = props.parent?.id ?? null;
  const parentKey = props.parent?.key ?? null;
  useEffect(() => {
    if (parentKey !== null && parentId === null) {
      setPage(null);
      return;
    }
    const timer = setTimeout(() => {
      const query: Record<string, string | number> = { search: props.value };
      if (parentKey !== null && parentId !== null) query[parentKey] = parentId;
      calls.places(props.kind, query).then(setPage, () => setPage(null));
    }, 200);
    return () => clearTimeout(timer);
  }, [props.kind, props.value, parentKey, parentId]);
  return (
    <>
      <TextField
        label={props.label}
        name={props.name}
        list={listId}
        autoComplete="off"
        value={props.value}
        onBlur={props.onBlur}
        onChange={(event) => {
          const text = event.target.value;
          const match = page?.items.find((item) => item.name === text);
          props.onChange(text, match?.id ?? null);
        }}
        error={props.error}
      />
      <datalist id={listId}>
        {page?.items.map((item) => (
          <option key={item.id} value={item.name} />
        ))}
      </datalist>
    </>
  );
}
