/** A line's SKU, and the buyer's company's own number for it when it keeps one (cart, lists, orders). */
export function SkuLabel({ sku, partNumber }: { sku: string; partNumber?: string | null | undefined }) {
  return (
    <>
      {sku}
      {partNumber && <> · your no. {partNumber}</>}
    </>
  );
}
