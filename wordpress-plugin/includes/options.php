<?php
/** Plugin settings, with the defaults of a local `npm start`. */

if (!defined('ABSPATH')) {
    exit;
}

const CREDIMO_OPTION = 'credimo_settings';

function credimo_default_settings() {
    return array(
        'api_base_url' => 'http://localhost:8080',
        'app_url' => 'http://localhost:3000',
        'remotes_manifest_url' => 'http://localhost:3000/config.json',
        'default_product' => 1,
    );
}

function credimo_settings() {
    $saved = get_option(CREDIMO_OPTION, array());
    return array_merge(credimo_default_settings(), is_array($saved) ? $saved : array());
}

/** Only http(s) addresses are kept; anything else falls back to the default. */
function credimo_sanitize_settings($input) {
    $defaults = credimo_default_settings();
    $clean = array();
    foreach (array('api_base_url', 'app_url', 'remotes_manifest_url') as $key) {
        $value = isset($input[$key]) ? esc_url_raw(trim((string) $input[$key]), array('http', 'https')) : '';
        $clean[$key] = $value !== '' ? untrailingslashit($value) : $defaults[$key];
    }
    $product = isset($input['default_product']) ? absint($input['default_product']) : 0;
    $clean['default_product'] = $product > 0 ? $product : $defaults['default_product'];
    return $clean;
}
