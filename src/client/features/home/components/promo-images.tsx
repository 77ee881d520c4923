import { homeContent } from '../../../config/site-content';

/** A pair of promotional images (spec §2, home item 5). */
export function PromoImages() {
  return (
    <section className="py-5" aria-label="Offers">
      <div className="container">
        <div className="row row-cols-1 row-cols-md-2 g-4">
          {homeContent.promos.map((promo) => (
            <div key={promo.image} className="col">
              <img
                className="img-fluid rounded-3 shadow-sm w-100"
                src={promo.image}
                alt={promo.alt}
                loading="lazy"
                width={800}
                height={500}
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
