/**
 * The chrome around every signed-in screen: the left navigation with New shipment (Alt+N
 * from anywhere), Shipments, Orders, Track, Settings, End of day and Import, the signed-in user and Sign out.
 * An order's number scanned on any of them opens that order to ship.
 */
import { useEffect, type ReactNode } from 'react';
import { session, useSession } from '../api';
import { useScanToShip } from '../order/scan-to-ship';
import { hrefFor, navigate } from '../router/navigation';
import { ordersRoute, shipmentsRoute, type Route } from '../router/routes';

const NEW_SHIPMENT: Route = { page: 'new-shipment' };

function isNewShipmentShortcut(event: KeyboardEvent): boolean {
  // Alt+N: Ctrl+N opens a window in every browser; Alt+N is free in Chromium, Firefox and Electron.
  return event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN';
}

function NavLink({ route, current, children }: { route: Route; current: boolean; children: ReactNode }) {
  return (
    <a href={hrefFor(route)} className="nav-link" aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

export function Brand({ large = false }: { large?: boolean }) {
  return (
    <div className={large ? 'brand brand-large' : 'brand'}>
      <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path
          d="M3 7.5 12 12l9-4.5M12 12v9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span>Shipping Station</span>
    </div>
  );
}

export function AppShell({ route, children }: { route: Route; children: ReactNode }) {
  const user = useSession((s) => s.user);
  // An order's number scanned on any screen opens it to ship.
  useScanToShip();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isNewShipmentShortcut(event)) return;
      event.preventDefault();
      navigate(NEW_SHIPMENT);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const inShipments = route.page === 'shipments' || route.page === 'shipment';
  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <Brand />
        <button
          type="button"
          className="button button-primary nav-new"
          aria-keyshortcuts="Alt+N"
          title="New shipment (Alt+N)"
          onClick={() => navigate(NEW_SHIPMENT)}
        >
          <span>New shipment</span>
          <kbd aria-hidden="true">Alt N</kbd>
        </button>
        <div className="nav-links">
          <NavLink route={shipmentsRoute()} current={inShipments}>
            Shipments
          </NavLink>
          <NavLink route={ordersRoute()} current={route.page === 'orders' || route.page === 'order'}>
            Orders
          </NavLink>
          <NavLink route={{ page: 'track', reference: '', postCode: '' }} current={route.page === 'track'}>
            Track
          </NavLink>
          <NavLink route={{ page: 'addresses' }} current={route.page === 'addresses'}>
            Address book
          </NavLink>
          <NavLink route={{ page: 'presets' }} current={route.page === 'presets'}>
            Package presets
          </NavLink>
          <NavLink route={{ page: 'settings' }} current={route.page === 'settings'}>
            Settings
          </NavLink>
          <NavLink route={{ page: 'end-of-day' }} current={route.page === 'end-of-day'}>
            End of day
          </NavLink>
          <NavLink route={{ page: 'import' }} current={route.page === 'import'}>
            Import
          </NavLink>
        </div>
        <div className="sidebar-user">
          <div className="user-name" title="Signed in">
            <span className="avatar" aria-hidden="true">
              {(user?.username ?? '?').slice(0, 1).toUpperCase()}
            </span>
            <span>
              <span className="user-login">{user?.username}</span>
              <span className="user-role">{user?.role === 'admin' ? 'Administrator' : 'Operator'}</span>
            </span>
          </div>
          <button type="button" className="button button-quiet" onClick={() => session.signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** Signed out, on the public Track screen. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <header className="public-bar">
        <Brand />
        <a href={hrefFor({ page: 'sign-in' })} className="button">
          Sign in
        </a>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
