// The vitest examples of docs/testkit.md, run as they are printed there.
import './examples/payments.vitest.js';
