import NotFound from '../../components/NotFound';

/** Any path no route has. */
export default function NotFoundPage() {
  return <NotFound />;
}
