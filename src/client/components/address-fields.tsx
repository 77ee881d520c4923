import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { type FieldErrors, useFormContext, useWatch } from 'react-hook-form';
import type { ShipToBody } from '../../shared/api/addresses.schemas';
import { COUNTRY_CODES, REGIONS, countryName } from '../../shared/domain/addresses';
import { FormField } from './form-field';
export { emptyAddress } from '../lib/delivery-defaults';

/** Countries by their English name, for the country list. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/**
 * A structured address inside a react-hook-form FormProvider whose values hold it under
 * `shipTo` (or `billingTo`): country, street lines, city, a state or province from the list for the United States and
 * Canada (a free region elsewhere), and postal code. Checked by the shared rules (ShipToBody).
 */
export function AddressFields({
  idPrefix,
  legend = 'Delivery address',
  name = 'shipTo',
}: {
  idPrefix: string;
  legend?: string;
  /** Where the form holds the address: a delivery's `shipTo`, or a company's `billingTo`. */
  name?: 'shipTo' | 'billingTo';
}) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<{ shipTo?: ShipToBody; billingTo?: ShipToBody }>();
  const path = <F extends keyof ShipToBody>(field: F) => `${name}.${field}` as const;
  const country = useWatch({ control, name: path('country') }) ?? '';
  const regions = REGIONS[country.toUpperCase()];
  const fieldErrors = (errors[name] ?? {}) as FieldErrors<ShipToBody>;
  return (
    <fieldset className="mb-1">
      <legend className="form-label fs-6 fw-semibold">{legend}</legend>
      <FormField
        controlId={`${idPrefix}-country`}
        label="Country"
        as="select"
        className="form-select"
        autoComplete="country"
        error={fieldErrors.country?.message}
        // Another country's region means nothing here: it is chosen (or typed) again.
        {...register(path('country'), { onChange: () => setValue(path('region'), '') })}
      >
        {COUNTRIES.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </FormField>
      <FormField
        controlId={`${idPrefix}-line1`}
        label="Street and number"
        autoComplete="address-line1"
        error={fieldErrors.line1?.message}
        {...register(path('line1'))}
      />
      <FormField
        controlId={`${idPrefix}-line2`}
        label={
          <>
            Building, floor, dock <span className="text-secondary small">(optional)</span>
          </>
        }
        autoComplete="address-line2"
        error={fieldErrors.line2?.message}
        {...register(path('line2'))}
      />
      <Row className="g-3 mb-3">
        <Col sm={5}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-city`}
            label="City"
            autoComplete="address-level2"
            error={fieldErrors.city?.message}
            {...register(path('city'))}
          />
        </Col>
        <Col sm={4}>
          {regions ? (
            <FormField
              groupClassName=""
              controlId={`${idPrefix}-region`}
              label={country.toUpperCase() === 'US' ? 'State' : 'Province'}
              as="select"
              className="form-select"
              autoComplete="address-level1"
              error={fieldErrors.region?.message}
              {...register(path('region'))}
            >
              <option value="">Choose…</option>
              {Object.entries(regions).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </FormField>
          ) : (
            <FormField
              groupClassName=""
              controlId={`${idPrefix}-region`}
              label={
                <>
                  Region <span className="text-secondary small">(optional)</span>
                </>
              }
              autoComplete="address-level1"
              error={fieldErrors.region?.message}
              {...register(path('region'))}
            />
          )}
        </Col>
        <Col sm={3}>
          <FormField
            groupClassName=""
            controlId={`${idPrefix}-postal-code`}
            label="Postal code"
            autoComplete="postal-code"
            error={fieldErrors.postalCode?.message}
            {...register(path('postalCode'))}
          />
        </Col>
      </Row>
    </fieldset>
  );
}
