import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import type { DeliveryDetails } from '../../../../shared/api/orders.schemas';
import { useCompany } from '../api/companies';
import { emptyAddress } from '../../../components/address-fields';

/**
 * 'Ship to' for a company's colleague: one of the company's addresses, the default chosen
 * first, filling the delivery fields; or another address, unless the company's admins turned that off.
 * The server ships to the book's address by its id. Nothing for a buyer of no company, or an empty book.
 * A colleague's order names their company: its name fills the Company field when that is empty.
 */
export function ShipToPicker({ idPrefix }: { idPrefix: string }) {
  const company = useCompany().data;
  const { getValues, setValue, watch } = useFormContext<DeliveryDetails>();
  const addresses = company?.addresses ?? [];
  const chosen = watch('addressId') ?? '';

  const choose = (id: string) => {
    const address = addresses.find((entry) => entry._id === id);
    if (!address) {
      // Another address: typed in the structured fields.
      setValue('addressId', undefined);
      setValue('address', '');
      setValue('shipTo', emptyAddress());
      return;
    }
    setValue('addressId', address._id);
    setValue('name', address.name, { shouldValidate: true });
    setValue('address', address.address);
    // The book's address as it is structured, so its freight and tax can be shown.
    setValue('shipTo', address.shipTo ?? undefined);
    setValue('number', address.number, { shouldValidate: true });
  };
  // An address written before addresses were structured cannot be shipped to until it is completed.
  const usable = addresses.filter((entry) => entry.complete);
  const fallback = usable.find((entry) => entry.isDefault)?._id ?? usable[0]?._id;
  useEffect(() => {
    if (chosen || !fallback) return;
    // A form filled in already (an earlier order placed again) keeps its address: the book's entry
    // for it when there is one, or as another address when the company allows one.
    const filled = (getValues('address') ?? '').trim();
    if (filled) {
      const same = usable.find((entry) => entry.address.trim() === filled);
      if (same) choose(same._id);
      else if (!company?.freeAddresses) choose(fallback);
      return;
    }
    choose(fallback);
    // Once, when the book has loaded: the buyer's own choice is theirs after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fallback]);

  const companyName = company?.name;
  useEffect(() => {
    if (companyName && !(getValues('company') ?? '').trim()) setValue('company', companyName);
  }, [companyName, getValues, setValue]);

  if (!company || addresses.length === 0) return null;
  return (
    <Form.Group className="mb-3" controlId={`${idPrefix}-ship-to`}>
      <Form.Label>Ship to</Form.Label>
      <Form.Select value={chosen} onChange={(event) => choose(event.target.value)}>
        {addresses.map((address) => (
          <option key={address._id} value={address._id} disabled={!address.complete}>
            {address.label}
            {address.isDefault ? ' (default)' : ''}
            {address.complete ? '' : ' (incomplete: an admin must complete it in the address book)'}
          </option>
        ))}
        {company.freeAddresses && <option value="">Another address</option>}
      </Form.Select>
    </Form.Group>
  );
}
