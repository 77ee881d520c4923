import { homeContent } from '../../../config/site-content';

/** 'Our Capabilities' with a tagline, a named executive and 'Know More' (spec §2, home item 2). */
export function CapabilitiesSection() {
  const { title, tagline, points, executive, knowMore } = homeContent.capabilities;
  return (
    <section className="py-5" aria-labelledby="capabilities-heading">
      <div className="container">
        <div className="row align-items-center g-4">
          <div className="col-lg-7">
            <h2 id="capabilities-heading" className="section-title text-start">
              {title}
            </h2>
            <p className="lead">{tagline}</p>
            <ul className="capability-points">
              {points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <a href={knowMore.href} className="btn btn-dark btn-lg">
              {knowMore.label}
            </a>
          </div>
          <div className="col-lg-5">
            <figure className="executive-card">
              <blockquote className="blockquote">
                <p>“{executive.quote}”</p>
              </blockquote>
              <figcaption>
                <span className="executive-name">{executive.name}</span>
                <span className="executive-title">{executive.title}</span>
              </figcaption>
            </figure>
          </div>
        </div>
      </div>
    </section>
  );
}
