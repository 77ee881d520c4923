import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import type { ShippingZone, TaxZone } from '../../../shared/api/tax.schemas';
import { COUNTRY_CODES, EU_COUNTRIES, countryName } from '../../../shared/domain/addresses';
import { formatDollars } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import {
  useDeleteShippingZone,
  useDeleteTaxZone,
  useSaveShippingZone,
  useSaveTaxZone,
  useShippingZones,
  useTaxZones,
} from '../../features/pricing/api/zones';
import { notify } from '../../lib/notify';

const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/** A place: the country from the list, and optionally a state or province code (PA, ON). */
function PlaceFields({
  idPrefix,
  country,
  region,
  onChange,
}: {
  idPrefix: string;
  country: string;
  region: string;
  onChange: (place: { country: string; region: string }) => void;
}) {
  return (
    <>
      <Form.Group as={Col} sm={4} controlId={`${idPrefix}-country`}>
        <Form.Label>Country</Form.Label>
        <Form.Select value={country} onChange={(event) => onChange({ country: event.target.value, region })}>
          {COUNTRIES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} sm={2} controlId={`${idPrefix}-region`}>
        <Form.Label>State or province</Form.Label>
        <Form.Control
          value={region}
          placeholder="all"
          maxLength={3}
          onChange={(event) => onChange({ country, region: event.target.value.toUpperCase() })}
        />
      </Form.Group>
    </>
  );
}

/** A zone row's actions: change it in place, or delete it. */
function ZoneActions({
  name,
  onChange,
  onDelete,
}: {
  name: string;
  onChange: () => void;
  onDelete: () => void;
}) {
  return (
    <td className="text-end text-nowrap" data-label="">
      <Button size="sm" variant="link" onClick={onChange} aria-label={`Change ${name}`}>
        Change
      </Button>
      <Button
        size="sm"
        variant="link"
        className="text-danger"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </td>
  );
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The taxes a standard rate is made of, one a line, "name: rate, registration" (GST: 5, 123456789 RT0001). */
const componentsText = (zone?: TaxZone) =>
  (zone?.components ?? []).map((tax) => `${tax.name}: ${tax.rate}, ${tax.registration}`).join('\n');

const parseComponents = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [name = '', rest = ''] = line.split(/:(.*)/s);
      const [rate = '', registration = ''] = rest.split(/,(.*)/s);
      return { name: name.trim(), rate: number(rate), registration: registration.trim() };
    });

/** A tax zone's form: new, or the one being changed. */
function TaxZoneForm({ zone, onDone }: { zone?: TaxZone; onDone: () => void }) {
  const save = useSaveTaxZone();
  const [place, setPlace] = useState({ country: zone?.country ?? 'US', region: zone?.region ?? '' });
  const [rates, setRates] = useState({
    standard: String(zone?.rates.standard ?? ''),
    reduced: String(zone?.rates.reduced ?? ''),
    zero: String(zone?.rates.zero ?? 0),
  });
  const [registration, setRegistration] = useState(zone?.registration ?? '');
  const [taxesFreight, setTaxesFreight] = useState(zone?.taxesFreight ?? false);
  const [components, setComponents] = useState(componentsText(zone));
  // In the EU freight is always taxed, at the goods' rates: the box is ticked and fixed there.
  const euZone = EU_COUNTRIES.includes(place.country);
  const idPrefix = zone ? `tax-${zone._id}` : 'tax-new';
  return (
    <Form
      aria-label={zone ? `Change the tax zone ${zone.name}` : 'New tax zone'}
      className="border rounded p-3 mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            ...(zone ? { id: zone._id } : {}),
            body: {
              country: place.country,
              ...(place.region ? { region: place.region } : {}),
              rates: {
                standard: number(rates.standard),
                reduced: number(rates.reduced),
                zero: number(rates.zero),
              },
              registration,
              taxesFreight: euZone || taxesFreight,
              components: parseComponents(components),
            },
          },
          {
            onSuccess: () => {
              notify.success('The tax zone is saved');
              onDone();
            },
          },
        );
      }}
    >
      {save.error && (
        <Alert variant="danger" className="small">
          {save.error.message}
        </Alert>
      )}
      <Row className="g-3 align-items-end">
        <PlaceFields idPrefix={idPrefix} {...place} onChange={setPlace} />
        {(['standard', 'reduced', 'zero'] as const).map((rate) => (
          <Form.Group as={Col} sm={2} key={rate} controlId={`${idPrefix}-${rate}`}>
            <Form.Label className="text-capitalize">{rate} %</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={rates[rate]}
              onChange={(event) => setRates({ ...rates, [rate]: event.target.value })}
            />
          </Form.Group>
        ))}
        <Form.Group as={Col} sm={6} controlId={`${idPrefix}-registration`}>
          <Form.Label>Registration you collect under</Form.Label>
          <Form.Control
            value={registration}
            maxLength={80}
            placeholder="VAT ID, sales tax permit"
            onChange={(event) => setRegistration(event.target.value)}
          />
          <Form.Text>Printed on the invoices taxed here.</Form.Text>
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId={`${idPrefix}-freight`}>
          <Form.Check
            type="checkbox"
            label={euZone ? 'Freight is taxed (always, in the EU)' : 'Freight is taxed here'}
            checked={euZone || taxesFreight}
            disabled={euZone}
            onChange={(event) => setTaxesFreight(event.target.checked)}
          />
        </Form.Group>
        <Form.Group as={Col} sm={6} controlId={`${idPrefix}-components`}>
          <Form.Label>Taxes the standard rate is made of (if more than one)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={components}
            placeholder={'GST: 5, 123456789 RT0001\nQST: 9.975, 1234567890 TQ0001'}
            onChange={(event) => setComponents(event.target.value)}
          />
          <Form.Text>
            One a line: name, rate % and its registration. Each is charged on its own and printed on the
            invoice, so your buyer can claim each.
          </Form.Text>
        </Form.Group>
      </Row>
      <Button type="submit" variant="dark" className="mt-3" disabled={save.isPending}>
        {zone ? 'Save the zone' : 'Add the tax zone'}
      </Button>
    </Form>
  );
}

/** Bands as one line each, "up to kg: price": what the shipping form's text area holds. */
const bandsText = (zone?: ShippingZone) =>
  zone ? zone.bands.map((band) => `${band.upToKg}: ${band.price}`).join('\n') : '5: 12\n25: 28\n100: 65';

function ShippingZoneForm({ zone, onDone }: { zone?: ShippingZone; onDone: () => void }) {
  const save = useSaveShippingZone();
  const [place, setPlace] = useState({ country: zone?.country ?? 'US', region: zone?.region ?? '' });
  const [bands, setBands] = useState(bandsText(zone));
  const [freeFrom, setFreeFrom] = useState(zone?.freeFrom === null || !zone ? '' : String(zone.freeFrom));
  const [pallet, setPallet] = useState(String(zone?.palletFromKg ?? 500));
  const idPrefix = zone ? `shipping-${zone._id}` : 'shipping-new';
  return (
    <Form
      aria-label={zone ? `Change the shipping zone ${zone.name}` : 'New shipping zone'}
      className="border rounded p-3 mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            ...(zone ? { id: zone._id } : {}),
            body: {
              country: place.country,
              ...(place.region ? { region: place.region } : {}),
              bands: bands
                .split('\n')
                .filter((line) => line.trim())
                .map((line) => {
                  const [kg = '', price = ''] = line.split(':');
                  return { upToKg: number(kg), price: number(price) };
                }),
              freeFrom: freeFrom.trim() ? number(freeFrom) : null,
              palletFromKg: number(pallet),
            },
          },
          {
            onSuccess: () => {
              notify.success('The shipping zone is saved');
              onDone();
            },
          },
        );
      }}
    >
      {save.error && (
        <Alert variant="danger" className="small">
          {save.error.message}
        </Alert>
      )}
      <Row className="g-3">
        <PlaceFields idPrefix={idPrefix} {...place} onChange={setPlace} />
        <Form.Group as={Col} sm={3} controlId={`${idPrefix}-free`}>
          <Form.Label>Free from ($)</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={freeFrom}
            placeholder="never"
            onChange={(event) => setFreeFrom(event.target.value)}
          />
        </Form.Group>
        <Form.Group as={Col} sm={3} controlId={`${idPrefix}-pallet`}>
          <Form.Label>Pallet from (kg)</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={pallet}
            onChange={(event) => setPallet(event.target.value)}
          />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId={`${idPrefix}-bands`}>
          <Form.Label>Weight bands</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            value={bands}
            aria-describedby={`${idPrefix}-bands-hint`}
            onChange={(event) => setBands(event.target.value)}
          />
          <Form.Text id={`${idPrefix}-bands-hint`}>
            A line each, “up to kg: price in $”, lightest first. Heavier than the last band, or from the
            pallet weight on, we quote the freight ourselves.
          </Form.Text>
        </Form.Group>
      </Row>
      <Button type="submit" variant="dark" className="mt-3" disabled={save.isPending}>
        {zone ? 'Save the zone' : 'Add the shipping zone'}
      </Button>
    </Form>
  );
}

/**
 * /dashboard/taxes (shop admins): the tax rate per class for each country or state, and the
 * freight by weight band for each place the shop delivers to. Every change is audited; orders already
 * placed keep the rates they were placed at.
 */
export function TaxFreightPage() {
  const taxZones = useTaxZones();
  const shippingZones = useShippingZones();
  // A deleted zone changes every next order's tax or freight there: asked first.
  const deleteTax = useConfirm(useDeleteTaxZone(), {
    variables: (zone: { _id: string; name: string }) => zone._id,
    done: (zone) => `The tax zone ${zone.name} is deleted`,
  });
  const deleteShipping = useConfirm(useDeleteShippingZone(), {
    variables: (zone: { _id: string; name: string }) => zone._id,
    done: (zone) => `The shipping zone ${zone.name} is deleted`,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => setEditing(null);
  // A saved new zone clears its own form (made anew), and only its own: one counter for each, so a
  // shipping zone half typed in is kept when a tax zone is added (a shared one cleared both).
  const [taxAdded, setTaxAdded] = useState(0);
  const [shippingAdded, setShippingAdded] = useState(0);
  return (
    <>
      <section aria-labelledby="tax-zones-title">
        <h2 id="tax-zones-title" className="h4 mb-2">
          Tax zones
        </h2>
        <p className="small text-secondary">
          A zone is a place where you are registered to collect tax, under the registration it names. An
          address is taxed at its state’s or province’s zone, else its country’s; without a zone it is an
          export and not taxed. Each line is taxed by its product’s class and rounded to the cent on its own;
          where freight is taxed, it follows the goods’ rates.
        </p>
        <TaxZoneForm key={`tax-${taxAdded}`} onDone={() => setTaxAdded((n) => n + 1)} />
        <QueryState query={taxZones} what="the tax zones">
          {(zones) => (
            <Table responsive size="sm" className="align-middle table-stack" aria-label="Tax zones">
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col" className="text-end">
                    Standard
                  </th>
                  <th scope="col" className="text-end">
                    Reduced
                  </th>
                  <th scope="col" className="text-end">
                    Zero
                  </th>
                  <th scope="col">Registration</th>
                  <th scope="col">Freight</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone) =>
                  editing === zone._id ? (
                    <tr key={zone._id}>
                      <td colSpan={7} data-label="">
                        <TaxZoneForm zone={zone} onDone={done} />
                      </td>
                    </tr>
                  ) : (
                    <tr key={zone._id} data-testid="tax-zone">
                      <td data-label="Place">{zone.name}</td>
                      <td className="text-end" data-label="Standard">
                        {zone.rates.standard}%
                      </td>
                      <td className="text-end" data-label="Reduced">
                        {zone.rates.reduced}%
                      </td>
                      <td className="text-end" data-label="Zero">
                        {zone.rates.zero}%
                      </td>
                      <td className="small" data-label="Registration">
                        {zone.registration || '—'}
                        {zone.components.map((tax) => (
                          <div key={tax.name} className="text-body-secondary">
                            {tax.name} {tax.rate}%: {tax.registration}
                          </div>
                        ))}
                      </td>
                      <td className="small" data-label="Freight">
                        {zone.taxesFreight ? 'taxed' : 'not taxed'}
                      </td>
                      <ZoneActions
                        name={zone.name}
                        onChange={() => setEditing(zone._id)}
                        onDelete={() => deleteTax.ask(zone)}
                      />
                    </tr>
                  ),
                )}
              </tbody>
            </Table>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="shipping-zones-title" className="mt-4">
        <h2 id="shipping-zones-title" className="h4 mb-2">
          Shipping zones
        </h2>
        <p className="small text-secondary">
          Freight by the order’s weight where it is delivered; places without a zone are not delivered to.
        </p>
        <ShippingZoneForm key={`shipping-${shippingAdded}`} onDone={() => setShippingAdded((n) => n + 1)} />
        <QueryState query={shippingZones} what="the shipping zones">
          {(zones) => (
            <Table responsive size="sm" className="align-middle table-stack" aria-label="Shipping zones">
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">Weight bands</th>
                  <th scope="col" className="text-end">
                    Free from
                  </th>
                  <th scope="col" className="text-end">
                    Pallet from
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone) =>
                  editing === zone._id ? (
                    <tr key={zone._id}>
                      <td colSpan={5} data-label="">
                        <ShippingZoneForm zone={zone} onDone={done} />
                      </td>
                    </tr>
                  ) : (
                    <tr key={zone._id} data-testid="shipping-zone">
                      <td data-label="Place">{zone.name}</td>
                      <td className="small" data-label="Weight bands">
                        {zone.bands.map((band) => `≤ ${band.upToKg} kg $${band.price}`).join(' · ')}
                      </td>
                      <td className="text-end" data-label="Free from">
                        {zone.freeFrom === null ? '—' : formatDollars(zone.freeFrom)}
                      </td>
                      <td className="text-end" data-label="Pallet from">
                        {zone.palletFromKg} kg
                      </td>
                      <ZoneActions
                        name={zone.name}
                        onChange={() => setEditing(zone._id)}
                        onDelete={() => deleteShipping.ask(zone)}
                      />
                    </tr>
                  ),
                )}
              </tbody>
            </Table>
          )}
        </QueryState>
      </section>
      <ConfirmModal {...deleteTax.modal} title="Delete this tax zone?" confirmLabel="Delete">
        {deleteTax.item && (
          <p className="mb-0">
            Orders to <strong>{deleteTax.item.name}</strong> are then exports, not taxed, until a zone covers
            it again. Orders already placed keep their tax.
          </p>
        )}
      </ConfirmModal>
      <ConfirmModal {...deleteShipping.modal} title="Delete this shipping zone?" confirmLabel="Delete">
        {deleteShipping.item && (
          <p className="mb-0">
            The shop then no longer delivers to <strong>{deleteShipping.item.name}</strong>. Orders already
            placed keep their freight.
          </p>
        )}
      </ConfirmModal>
    </>
  );
}
