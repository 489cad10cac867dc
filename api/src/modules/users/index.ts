// Who is calling and, for administrators, the users of Almacén and their roles.
import type { ApiModule } from '../module';
import meRoutes from './me.routes';
import usersRoutes from './users.routes';

const users: ApiModule = async (app, options) => {
  await app.register(meRoutes, options);
  await app.register(usersRoutes, options);
};

export default users;
