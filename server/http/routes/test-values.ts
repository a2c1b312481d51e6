import { Router } from 'express';
import { paymentRoutes } from '../../contract/payments.js';
import { readTestValues } from '../../domain/test-values-catalogue.js';
import { mountRoute } from '../route.js';

/** GET /sandbox/v1/test-values: the console's test-values page data: every input that reaches an error code or an outcome. */
export function testValuesRouter(): Router {
  const r = Router();
  mountRoute(r, paymentRoutes.testValues, () => readTestValues());
  return r;
}
