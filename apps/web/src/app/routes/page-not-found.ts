import { notFound, rootRouteId } from '@tanstack/react-router';

/** The not-found page, as for a path the app does not know: thrown from a route's guard or loader. */
export function pageNotFound(): never {
  throw notFound({ routeId: rootRouteId });
}
