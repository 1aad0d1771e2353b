import ExceptionPage from './ExceptionPage';

/** The catch-all route (spec §2): any unknown path. */
export default function NotFoundPage() {
  return <ExceptionPage status={404} />;
}
