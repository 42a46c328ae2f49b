<?php
/**
 * Runs the plugin's calculator paint (wordpress-plugin/includes/calculator-paint.php) outside WordPress, with the
 * few WordPress functions it calls stood in for, so a test can compare its output with the mounted widget's.
 * Reads JSON from stdin: { apiBaseUrl, kept: { prices, settings }, cases: [props], dues: [{ term, now (ms) }],
 * head: whether the page's head knows its calculator }; writes { paints: [{ html, props }], dues: [dd/mm/yyyy],
 * head: what the plugin prints in the head for the painted calculator }.
 */

define('ABSPATH', __DIR__ . '/');
define('DAY_IN_SECONDS', 86400);
define('CREDIMO_DIR', dirname(__DIR__) . '/wordpress-plugin/');

function add_action() {}
function esc_html($text) { return htmlspecialchars((string) $text, ENT_QUOTES, 'UTF-8'); }
function esc_attr($text) { return htmlspecialchars((string) $text, ENT_QUOTES, 'UTF-8'); }
function esc_url($url) { return htmlspecialchars((string) $url, ENT_QUOTES, 'UTF-8'); }
function wp_json_encode($value, $flags = 0) { return json_encode($value, $flags | JSON_UNESCAPED_SLASHES); }
function untrailingslashit($text) { return rtrim((string) $text, '/\\'); }
function wp_next_scheduled() { return true; }
function wp_schedule_single_event() {}
function did_action() { return 1; }
function apply_filters($name, $value) { return $value; }
function get_option($name, $default = null) { return $GLOBALS['credimo_test_kept']; }
function credimo_page_widgets() { return empty($GLOBALS['credimo_test_head']) ? array() : array('calculator'); }
function credimo_settings() {
    return array('api_base_url' => $GLOBALS['credimo_test_api'], 'default_product' => 1);
}

require CREDIMO_DIR . 'includes/inline-script.php';
require CREDIMO_DIR . 'includes/calculator-paint.php';
credimo_calculator_styled(true);

$input = json_decode(stream_get_contents(STDIN), true);
$GLOBALS['credimo_test_api'] = $input['apiBaseUrl'];
$GLOBALS['credimo_test_head'] = !empty($input['head']);
$GLOBALS['credimo_test_kept'] = $input['kept'] + array('fetched' => time(), 'expires' => time() + 60);
ob_start();
credimo_print_calculator_answer();
$out = array('paints' => array(), 'dues' => array(), 'head' => ob_get_clean());
foreach ($input['cases'] as $props) {
    $out['paints'][] = credimo_calculator_paint($props);
}
foreach ($input['dues'] as $due) {
    $out['dues'][] = credimo_due_date($due['term'], intdiv($due['now'], 1000));
}
echo json_encode($out);
