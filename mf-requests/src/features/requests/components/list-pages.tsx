// The four lists, each a view of GET /api/requests.
import { PAGE_TITLES } from '../../../lib/texts';
import { RequestList } from './request-list';

export const MyRequestsPage = () => <RequestList view="mine" title={PAGE_TITLES.mine} />;
export const ToAuthorizePage = () => <RequestList view="to-authorize" title={PAGE_TITLES.toAuthorize} />;
export const ToFulfilPage = () => <RequestList view="to-fulfil" title={PAGE_TITLES.toFulfil} />;
export const AllRequestsPage = () => <RequestList view="all" title={PAGE_TITLES.all} />;
