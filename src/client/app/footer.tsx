import { Link } from 'react-router';
import { paths } from '../config/paths';
import { homeContent } from '../config/site-content';
import { SubscribeForm } from '../features/newsletter/components/subscribe-form';
import { SocialIcon } from '../components/social-icon';

/** Subscribe form, social links and the copyright line with the current year (spec §2 footer). */
export function Footer() {
  return (
    <footer className="site-footer pt-5 pb-4 mt-auto">
      <div className="container">
        <div className="row g-4">
          <div className="col-md-6 col-lg-5">
            <SubscribeForm />
          </div>
          <div className="col-6 col-md-3 col-lg-3 offset-lg-1">
            <h2 className="h6 text-uppercase footer-heading">Explore</h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to={paths.shop}>Shop</Link>
              </li>
              <li>
                <Link to={paths.blogs}>Blogs</Link>
              </li>
              <li>
                <Link to={paths.portfolio}>Portfolio</Link>
              </li>
            </ul>
          </div>
          <div className="col-6 col-md-3">
            <h2 className="h6 text-uppercase footer-heading">Follow us</h2>
            <ul className="list-inline social-links">
              {homeContent.social.map((network) => (
                <li key={network.name} className="list-inline-item">
                  <a href={network.url} aria-label={network.name} target="_blank" rel="noopener noreferrer">
                    <SocialIcon name={network.name} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="text-center small mb-0 mt-4 copyright">
          {/* The year in UTC, as the server renders it. */}
          Copyright © {new Date().getUTCFullYear()} {homeContent.brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
