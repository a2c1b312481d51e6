<?php
// A notification handler as published plugins write it: every field from $_REQUEST (GET or POST),
// a signature computed only to echo it back, and the order marked by the notification's kind.
function field($data, $name)
{
    return isset($data[$name]) ? $data[$name] : '';
}
$secret = getenv('MERCHANT_SECRET');
$data = $_REQUEST;
$trans = field($data, 'trans_ID');
$signature = hash('sha256', field($data, 'time') . field($data, 'channel') . field($data, 'amount') . field($data, 'currency') . $trans . $secret);
if ($trans !== '') {
    $state = field($data, 'rejection_code') !== '' ? 'failed' : 'paid';
    file_put_contents(getenv('ORDERS_FILE'), $trans . ' ' . $state . "\n", FILE_APPEND | LOCK_EX);
}
header('Content-Type: application/json');
echo json_encode(array('result' => 'success', 'trans_id' => $trans, 'signature' => $signature));
