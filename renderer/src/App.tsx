/**
 * Which screen shows: the hash route, and whether someone is signed in. Track works signed
 * out; every other screen asks for a sign-in first and then shows where the desk was going.
 */
import { useEffect } from 'react';
import { useSession } from './api';
import { AppShell, PublicShell } from './components/AppShell';
import { AddressBookPage } from './pages/AddressBookPage';
import { NewShipmentPage } from './pages/NewShipmentPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PresetsPage } from './pages/PresetsPage';
import { SettingsPage } from './pages/SettingsPage';
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
  addresses: 'Address book',
  presets: 'Package presets',
};

export function App() {
  const route = useRoute();
  const phase = useSession((s) => s.phase);

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
      return <TrackPage key={`${route.reference}|${route.postCode}`} reference={route.reference} postCode={route.postCode} />;
    case 'settings':
      return <SettingsPage />;
    case 'addresses':
      return <AddressBookPage />;
    case 'presets':
      return <PresetsPage />;
    case 'not-found':
      return <NotFoundPage path={route.path} />;
  }
}
