/**
 * Hash routes: they work from file:// inside Electron and at `/` over HTTP alike. List
 * filters live in the hash's query so that Back brings them back. Pure: parse and format only.
 */
import { ORDER_STATUSES, STATUSES, type ListOrdersQuery, type ListShipmentsQuery } from '../../../main/core/schemas';

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export type DateOrder = 'NewestFirst' | 'OldestFirst';

export interface ShipmentFilters {
  /** `YYYY-MM-DD` or '' */
  from: string;
  to: string;
  statuses: string[];
  order: DateOrder;
  pageSize: PageSize;
  page: number;
  /** The search box's text (docs/contract.md §12); searched from 2 characters. */
  search: string;
  /** Return shipments only (docs/contract.md §23). */
  returns: boolean;
}

export const DEFAULT_FILTERS: ShipmentFilters = {
  from: '',
  to: '',
  statuses: [],
  order: 'NewestFirst',
  pageSize: 50,
  page: 1,
  search: '',
  returns: false,
};

/** The Orders screen's filters: its search box, one status or all, the page. */
export interface OrderFilters {
  search: string;
  /** One of ORDER_STATUSES, or '' for every status. */
  status: string;
  page: number;
}

export const DEFAULT_ORDER_FILTERS: OrderFilters = { search: '', status: '', page: 1 };
export const ORDERS_PAGE_SIZE = 50;

export type Route =
  | { page: 'sign-in' }
  | { page: 'shipments'; filters: ShipmentFilters }
  | { page: 'new-shipment'; from?: string }
  | { page: 'shipment'; id: string }
  | { page: 'track'; reference: string; postCode: string }
  | { page: 'settings' }
  | { page: 'not-found'; path: string }
  | { page: 'end-of-day' }
  | { page: 'import' }
  | { page: 'addresses' }
  | { page: 'presets' }
  | { page: 'orders'; filters: OrderFilters }
  /** `scan`: opened by a scan (a fresh one each time), so the page ships it as "Ship order". */
  | { page: 'order'; id: string; scan?: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** As the API's Search parameter allows. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MIN_LENGTH = 2;

function parseFilters(query: URLSearchParams): ShipmentFilters {
  const size = Number(query.get('size'));
  const page = Number(query.get('page'));
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  return {
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    statuses: query.getAll('status').filter((s) => (STATUSES as readonly string[]).includes(s)),
    order: query.get('order') === 'oldest' ? 'OldestFirst' : 'NewestFirst',
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_FILTERS.pageSize,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (query.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    returns: query.get('returns') === '1',
  };
}

function formatFilters(filters: ShipmentFilters): string {
  const query = new URLSearchParams();
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  for (const status of filters.statuses) query.append('status', status);
  if (filters.order === 'OldestFirst') query.set('order', 'oldest');
  if (filters.pageSize !== DEFAULT_FILTERS.pageSize) query.set('size', String(filters.pageSize));
  if (filters.page > 1) query.set('page', String(filters.page));
  if (filters.search) query.set('q', filters.search);
  if (filters.returns) query.set('returns', '1');
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `#/shipments?status=Printed&page=2` → a Route. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '') || '/shipments';
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  const path = pathPart.replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(queryPart);
  if (path === '/' || path === '/shipments') return { page: 'shipments', filters: parseFilters(query) };
  if (path === '/sign-in') return { page: 'sign-in' };
  if (path === '/shipments/new') {
    const from = query.get('from');
    return from ? { page: 'new-shipment', from } : { page: 'new-shipment' };
  }
  if (path === '/track')
    return { page: 'track', reference: query.get('ref') ?? '', postCode: query.get('postCode') ?? '' };
  if (path === '/settings') return { page: 'settings' };
  if (path === '/end-of-day') return { page: 'end-of-day' };
  if (path === '/import') return { page: 'import' };
  if (path === '/addresses') return { page: 'addresses' };
  if (path === '/presets') return { page: 'presets' };
  if (path === '/orders') {
    const status = query.get('status') ?? '';
    const page = Number(query.get('page'));
    return {
      page: 'orders',
      filters: {
        search: (query.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
        status: (ORDER_STATUSES as readonly string[]).includes(status) ? status : '',
        page: Number.isInteger(page) && page >= 1 ? page : 1,
      },
    };
  }
  const order = /^\/orders\/([^/]+)$/.exec(path);
  if (order?.[1]) {
    try {
      const scan = query.get('scan');
      return { page: 'order', id: decodeURIComponent(order[1]), ...(scan ? { scan } : {}) };
    } catch {
      return { page: 'not-found', path };
    }
  }
  const shipment = /^\/shipments\/([^/]+)$/.exec(path);
  if (shipment?.[1]) {
    try {
      return { page: 'shipment', id: decodeURIComponent(shipment[1]) };
    } catch {
      return { page: 'not-found', path };
    }
  }
  return { page: 'not-found', path };
}

export function formatHash(route: Route): string {
  switch (route.page) {
    case 'sign-in':
      return '#/sign-in';
    case 'shipments':
      return `#/shipments${formatFilters(route.filters)}`;
    case 'new-shipment':
      return route.from ? `#/shipments/new?${new URLSearchParams({ from: route.from }).toString()}` : '#/shipments/new';
    case 'shipment':
      return `#/shipments/${encodeURIComponent(route.id)}`;
    case 'track': {
      const query = new URLSearchParams();
      if (route.reference) query.set('ref', route.reference);
      if (route.postCode) query.set('postCode', route.postCode);
      const text = query.toString();
      return `#/track${text ? `?${text}` : ''}`;
    }
    case 'settings':
      return '#/settings';
    case 'not-found':
      return `#${route.path}`;
    case 'end-of-day':
      return '#/end-of-day';
    case 'import':
      return '#/import';
    case 'addresses':
      return '#/addresses';
    case 'presets':
      return '#/presets';
    case 'orders': {
      const query = new URLSearchParams();
      if (route.filters.search) query.set('q', route.filters.search);
      if (route.filters.status) query.set('status', route.filters.status);
      if (route.filters.page > 1) query.set('page', String(route.filters.page));
      const text = query.toString();
      return `#/orders${text ? `?${text}` : ''}`;
    }
    case 'order':
      return `#/orders/${encodeURIComponent(route.id)}${route.scan ? `?scan=${encodeURIComponent(route.scan)}` : ''}`;
  }
}

/** The Orders filters as the query of GET /orders. */
export function orderListQuery(filters: OrderFilters): ListOrdersQuery {
  return {
    ...(filters.status ? { Status: filters.status } : {}),
    ...(filters.search.trim().length >= SEARCH_MIN_LENGTH ? { Search: filters.search.trim() } : {}),
    Page: filters.page,
    ItemsPerPage: ORDERS_PAGE_SIZE,
  };
}

export const ordersRoute = (filters: Partial<OrderFilters> = {}): Route => ({
  page: 'orders',
  filters: { ...DEFAULT_ORDER_FILTERS, ...filters },
});

/** The list filters as the query of GET /shipments. */
export function listQuery(filters: ShipmentFilters): ListShipmentsQuery {
  return {
    ...(filters.from ? { DateFrom: filters.from } : {}),
    ...(filters.to ? { DateTo: filters.to } : {}),
    ...(filters.statuses.length ? { Status: filters.statuses } : {}),
    ...(filters.search.trim().length >= SEARCH_MIN_LENGTH ? { Search: filters.search.trim() } : {}),
    ...(filters.returns ? { Returns: true } : {}),
    OrderByDate: filters.order,
    Page: filters.page,
    ItemsPerPage: filters.pageSize,
  };
}

export const shipmentsRoute = (filters: Partial<ShipmentFilters> = {}): Route => ({
  page: 'shipments',
  filters: { ...DEFAULT_FILTERS, ...filters },
});
