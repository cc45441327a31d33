/**
 * Which screen shows: the hash route, and whether someone is signed in. Track works signed
 * out; every other screen asks for a sign-in first and then shows where the desk was going.
 */
import { useEffect } from 'react';
import { useSession } from './api';
import type { SessionPhase } from './api/session';
import { AppShell, PublicShell } from './components/AppShell';
import { StoreBanner } from './components/StoreBanner';
import { useScreenFocus } from './lib/screen-focus';
import { AddressBookPage } from './pages/AddressBookPage';
import { NewShipmentPage } from './pages/NewShipmentPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OrderPage } from './pages/OrderPage';
import { OrdersPage } from './pages/OrdersPage';
import { PresetsPage } from './pages/PresetsPage';
import { SettingsPage } from './pages/SettingsPage';
import { EndOfDayPage } from './pages/EndOfDayPage';
import { ImportPage } from './pages/ImportPage';
import { ShipmentDetailPage } from './pages/ShipmentDetailPage';
import { ShipmentsPage } from './pages/ShipmentsPage';
import { SignInPage } from './pages/SignInPage';
import { TrackPage } from './pages/TrackPage';
import { navigate, useRoute } from './router/navigation';
import { shipmentsRoute, type Route } from './router/routes';

const TITLES: Record<Route['page'], string> = {
  'sign-in': 'Sign in',
  shipments: 'Shipments',
  'new-shipment': 'New shipment',
  shipment: 'Shipment',
  track: 'Track a parcel',
  settings: 'Settings',
  'not-found': 'Not found',
  'end-of-day': 'End of day',
  import: 'Import a file',
  addresses: 'Address book',
  presets: 'Package presets',
  orders: 'Orders',
  order: 'Order',
};

/** Screens whose work starts in a field: focus lands there rather than on the heading. */
const FORM_SCREENS: ReadonlySet<Route['page']> = new Set(['sign-in', 'new-shipment', 'track']);

export function App() {
  const route = useRoute();
  const phase = useSession((s) => s.phase);
  // Signed out, every screen but Track is the sign-in screen.
  const screen: Route['page'] = phase !== 'signed-in' && route.page !== 'track' ? 'sign-in' : route.page;
  const announcement = useScreenFocus({
    key:
      phase === 'restoring'
        ? 'restoring'
        : `${screen}|${route.page === 'shipment' ? route.id : route.page === 'order' ? `${route.id}|${route.scan ?? ''}` : ''}`,
    title: TITLES[screen],
    form: FORM_SCREENS.has(screen),
  });
  return (
    <>
      <StoreBanner />
      <Screens route={route} phase={phase} />
      {/* Present from the start, so that a change of its text is announced. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="screen-announcer">
        {announcement}
      </div>
    </>
  );
}

function Screens({ route, phase }: { route: Route; phase: SessionPhase }) {
  useEffect(() => {
    document.title = `${TITLES[route.page]} · Shipping Station`;
  }, [route.page]);

  useEffect(() => {
    if (phase === 'signed-in' && route.page === 'sign-in') navigate(shipmentsRoute(), { replace: true });
  }, [phase, route.page]);

  if (phase === 'restoring') {
    return (
      <div className="splash" role="status">
        Starting Shipping Station…
      </div>
    );
  }

  if (phase !== 'signed-in') {
    return route.page === 'track' ? (
      <PublicShell>
        <TrackPage key={`${route.reference}|${route.postCode}`} reference={route.reference} postCode={route.postCode} />
      </PublicShell>
    ) : (
      <SignInPage />
    );
  }

  return (
    <AppShell route={route}>
      <Screen route={route} />
    </AppShell>
  );
}

function Screen({ route }: { route: Route }) {
  switch (route.page) {
    case 'shipments':
      return <ShipmentsPage filters={route.filters} />;
    case 'sign-in':
      // Signed in already: the effect above moves on to the list.
      return null;
    case 'new-shipment':
      return <NewShipmentPage key={route.from ?? ''} from={route.from} />;
    case 'shipment':
      return <ShipmentDetailPage key={route.id} id={route.id} />;
    case 'track':
      return (
        <TrackPage key={`${route.reference}|${route.postCode}`} reference={route.reference} postCode={route.postCode} />
      );
    case 'settings':
      return <SettingsPage />;
    case 'addresses':
      return <AddressBookPage />;
    case 'presets':
      return <PresetsPage />;
    case 'not-found':
      return <NotFoundPage path={route.path} />;
    case 'end-of-day':
      return <EndOfDayPage />;
    case 'import':
      return <ImportPage />;
    case 'orders':
      return <OrdersPage filters={route.filters} />;
    case 'order':
      return <OrderPage key={`${route.id}|${route.scan ?? ''}`} id={route.id} scan={route.scan} />;
  }
}
