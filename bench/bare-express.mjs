// The reference of the creation benchmark: a bare Express 5 server that parses the same urlencoded
// body and answers text. Prints its URL on stdout. Plain JavaScript run by node, like the bundled
// sandbox `npm run serve` runs: neither side pays for a TypeScript loader.
import express from 'express';

const app = express();
app.use(express.urlencoded({ extended: false }));
app.post('/payments/check-out/SecurePayment.php', (req, res) => {
  const body = req.body;
  res.type('text/plain').send(`http://127.0.0.1/check-out/?channel=${body.channel}&tokenID=x&platform=1`);
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  console.log(`sandbox listening on http://127.0.0.1:${addr.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
