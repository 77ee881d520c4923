import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { messages } from '../../shared/messages';
import { notify } from '../lib/notify';
import { paths } from '../config/paths';
import { useSignOut } from '../features/auth/api/use-sign-out';
import { homeContent } from '../config/site-content';
import { useCurrentUser } from '../lib/session-store';
import { loadCart, useCartCount } from '../lib/cart-store';

/**
 * Logo and Home; Dashboard and Sign Out when signed in, Login when not (spec §2 header). Bootstrap's
 * navbar markup, with its menu folded behind a toggle below the md width and closed again by a choice.
 */
export function Header() {
  const { user, isPending } = useCurrentUser();
  const signOut = useSignOut();
  // The menu is open on the page where it was opened: any move to another page closes it (a link in
  // it, the logo, the browser's back button), and so does a choice that stays on the page.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const closeMenu = () => setOpenOn(null);
  const toggler = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and gives focus back to its button, as a disclosure should.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggler.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  useAddressConfirmedNotice();
  const cartLines = useCartCount();
  const userId = user?.id;
  // Once the session is known, and at each sign-in: the badge counts the cart (merged at sign-in).
  useEffect(() => {
    if (isPending) return;
    loadCart(Boolean(userId)).catch(() => undefined);
  }, [isPending, userId]);
  return (
    <nav data-bs-theme="dark" className="site-header navbar navbar-expand-md bg-dark sticky-top">
      <div className="container">
        <Link to={paths.home} className="navbar-brand d-flex align-items-center gap-2">
          <img src="/images/logo.svg" alt="" width={36} height={36} />
          <span className="fw-bold">{homeContent.brand}</span>
        </Link>
        {/* The cart and its count stay in the bar at every width; on a phone beside the menu's button. */}
        <div className="d-flex align-items-center ms-auto order-md-last">
          <div className="navbar-nav flex-row">
            <NavLink to={paths.cart} className="nav-link px-2 ms-md-2" onClick={closeMenu}>
              Cart
              {cartLines > 0 && (
                <>
                  {' '}
                  <span className="badge rounded-pill text-bg-warning" data-testid="cart-badge">
                    {cartLines}
                  </span>
                  <span className="visually-hidden">{cartLines === 1 ? ' line' : ' lines'}</span>
                </>
              )}
            </NavLink>
          </div>
          <button
            ref={toggler}
            type="button"
            className={menuOpen ? 'navbar-toggler' : 'navbar-toggler collapsed'}
            aria-controls="main-nav"
            aria-expanded={menuOpen}
            aria-label="Toggle navigation"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        <div
          id="main-nav"
          className={menuOpen ? 'navbar-collapse collapse show' : 'navbar-collapse collapse'}
        >
          <ul className="navbar-nav ms-auto align-items-md-center">
            <li className="nav-item">
              <NavLink to={paths.home} end className="nav-link" onClick={closeMenu}>
                Home
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to={paths.shop} className="nav-link" onClick={closeMenu}>
                Shop
              </NavLink>
            </li>
            {/* A punchout shops and transfers its cart: the dashboard is not for it. */}
            {user && !user.punchout && (
              <li className="nav-item">
                <NavLink to={paths.dashboard} className="nav-link" onClick={closeMenu}>
                  Dashboard
                </NavLink>
              </li>
            )}
            {!isPending && (
              <li className="nav-item">
                {user ? (
                  <button
                    type="button"
                    className="btn btn-outline-warning btn-sm ms-md-2 my-2 my-md-0"
                    onClick={() => {
                      closeMenu();
                      void signOut();
                    }}
                  >
                    Sign Out
                  </button>
                ) : (
                  <NavLink to={paths.login} className="nav-link" onClick={closeMenu}>
                    Login
                  </NavLink>
                )}
              </li>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}

/** A confirmation link lands on a page with `?confirmed=1` (auth.routes.ts): say so, once, and tidy the address. */
function useAddressConfirmedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('confirmed') !== '1') return;
    params.delete('confirmed');
    notify.success(messages.addressConfirmed);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);
}
