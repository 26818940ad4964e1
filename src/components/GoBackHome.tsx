import { Link } from 'react-router-dom';
import { buttonClass } from './controls';

/** 'Go back home', as a button: the way out of the 404 and order success pages. */
export default function GoBackHome() {
  return (
    <Link to="/" className={buttonClass()}>
      Go back home
    </Link>
  );
}
