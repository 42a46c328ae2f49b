import { TextField } from '@credimo/shared';
import type { FormikProps } from 'formik';
import { useState } from 'react';
import { bind, PlaceField } from '../fields';
import styles from '../profile.module.css';
import type { AddressKey, AddressValues } from './values';

/** A registration or actual address, with province, municipality and street searched one within the other. */
export function AddressFields<V extends { [K in AddressKey]?: AddressValues }>({
  form,
  prefix,
}: {
  form: FormikProps<V>;
  prefix: AddressKey;
}) {
  const [regionId, setRegionId] = useState<number | null>(null);
  const [cityId, setCityId] = useState<number | null>(null);
  const field = (name: string) => bind(form, `${prefix}.${name}`);
  const place = (name: 'region' | 'city' | 'street', onId: (id: number | null) => void) => ({
    ...field(name),
    onChange: (value: string, id: number | null) => {
      void form.setFieldValue(`${prefix}.${name}`, value);
      onId(id);
    },
    onBlur: () => void form.setFieldTouched(`${prefix}.${name}`, true),
  });
  return (
    <div className={styles.grid}>
      <TextField label="Código postal" inputMode="numeric" maxLength={5} {...field('postal_code')} />
      <PlaceField label="Provincia" kind="regions" {...place('region', setRegionId)} />
      <PlaceField
        label="Municipio"
        kind="cities"
        parent={{ key: 'region_id', id: regionId }}
        {...place('city', setCityId)}
      />
      <PlaceField label="Calle" kind="streets" parent={{ key: 'city_id', id: cityId }} {...place('street', () => {})} />
      <TextField label="Número" maxLength={7} {...field('house')} />
      <TextField label="Bloque o portal (opcional)" maxLength={7} {...field('block')} />
      <TextField label="Piso y puerta (opcional)" maxLength={7} {...field('apartment')} />
    </div>
  );
}
