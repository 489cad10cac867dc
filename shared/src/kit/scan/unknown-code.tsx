// «No hay un producto con el código …» and the way to register it: «Productos» with the code.
import { WarehouseLink } from '@almacen/shared';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { productsLink, SCAN_TEXTS } from './texts';

const useStyles = makeStyles({ link: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline' } });

export function UnknownCode({ code }: { code: string }) {
  const styles = useStyles();
  return (
    <span>
      {SCAN_TEXTS.unknown(code)}{' '}
      <WarehouseLink className={styles.link} to={productsLink(code)}>
        {SCAN_TEXTS.openInProducts}
      </WarehouseLink>
    </span>
  );
}
