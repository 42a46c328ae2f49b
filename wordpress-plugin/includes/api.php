<?php
/**
 * What the plugin asks the Credimo API and the app from the server: the connection checks of the settings page
 * and Site Health, and the product's ranges and promo codes that the block's controls and the editors' notices
 * check the widgets' values against. Answers are kept briefly so a page view asks at most once.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** Seconds a product or promo-code answer is kept. */
const CREDIMO_API_CACHE = 600;

/**
 * A JSON GET: array('ok' => bool, 'status' => int, 'body' => mixed, 'error' => string). Never throws; a network
 * failure is status 0 with WordPress's message.
 */
function credimo_http_json($url, $method = 'GET', $body = null) {
    $args = array('timeout' => 8, 'redirection' => 2, 'headers' => array('Accept' => 'application/json'));
    if ($body !== null) {
        $args['body'] = wp_json_encode($body);
        $args['headers']['Content-Type'] = 'application/json';
    }
    $answer = $method === 'POST' ? wp_remote_post($url, $args) : wp_remote_get($url, $args);
    if (is_wp_error($answer)) {
        return array('ok' => false, 'status' => 0, 'body' => null, 'error' => $answer->get_error_message());
    }
    $status = (int) wp_remote_retrieve_response_code($answer);
    $decoded = json_decode((string) wp_remote_retrieve_body($answer), true);
    return array('ok' => $status >= 200 && $status < 300, 'status' => $status, 'body' => $decoded, 'error' => '');
}

/** Why a check failed, for the editor: the address did not answer, or answered with the wrong thing. */
function credimo_http_problem($answer) {
    if ($answer['status'] === 0) {
        /* translators: %s: the network error, as WordPress reports it */
        return sprintf(__('It does not answer (%s).', 'credimo'), $answer['error']);
    }
    /* translators: %d: an HTTP status code */
    return sprintf(__('It answered with the HTTP status %d.', 'credimo'), $answer['status']);
}

/**
 * Checks that an address is the Credimo API: its /health answers {"status":"ok"}. Returns '' when it is, else
 * the reason in the editor's language.
 */
function credimo_check_api($api_base_url) {
    $answer = credimo_http_json(untrailingslashit($api_base_url) . '/health');
    if (!$answer['ok']) {
        return credimo_http_problem($answer);
    }
    if (!is_array($answer['body']) || (isset($answer['body']['status']) ? $answer['body']['status'] : '') !== 'ok') {
        return __('It answers, but it is not the Credimo API (its /health does not say "ok").', 'credimo');
    }
    return '';
}

/** Checks that an address is the widgets' configuration: a JSON object naming the remotes. */
function credimo_check_config($config_url) {
    $answer = credimo_http_json($config_url);
    if (!$answer['ok']) {
        return credimo_http_problem($answer);
    }
    if (!is_array($answer['body']) || !isset($answer['body']['remotes'])) {
        return __('It answers, but it is not the widgets\' config.json (it lists no remotes).', 'credimo');
    }
    return '';
}

/** Checks that the customer app answers at its address (its config.json, which every deployment serves). */
function credimo_check_app($app_url) {
    return credimo_check_config(untrailingslashit($app_url) . '/config.json');
}

/**
 * The product's ranges from the API (GET /v2/products), in euros and days:
 * array('id', 'name', 'amount' => array(min, max, step), 'term' => array(min, max, step)), or null when the API
 * does not answer or has no such product.
 */
function credimo_product($product_id = null, $settings = null) {
    $settings = $settings ? $settings : credimo_settings();
    $product_id = $product_id === null ? (int) $settings['default_product'] : (int) $product_id;
    $key = 'credimo_products_' . md5($settings['api_base_url']);
    $products = get_transient($key);
    if (!is_array($products)) {
        $answer = credimo_http_json(untrailingslashit($settings['api_base_url']) . '/v2/products');
        if (!$answer['ok'] || !is_array($answer['body'])) {
            return null;
        }
        $products = $answer['body'];
        set_transient($key, $products, CREDIMO_API_CACHE);
    }
    foreach ($products as $product) {
        if (is_array($product) && isset($product['id'], $product['amounts'], $product['terms']) && (int) $product['id'] === $product_id) {
            return array(
                'id' => $product_id,
                'name' => isset($product['name']) ? (string) $product['name'] : '',
                'amount' => array(
                    'min' => $product['amounts']['min'] / 100,
                    'max' => $product['amounts']['max'] / 100,
                    'step' => $product['amounts']['step'] / 100,
                ),
                'term' => array(
                    'min' => (int) $product['terms']['min'],
                    'max' => (int) $product['terms']['max'],
                    'step' => (int) $product['terms']['step'],
                ),
            );
        }
    }
    return null;
}

/**
 * Whether the API knows a promo code (POST /v2/check-promocode): true, false, or null when the API could not be
 * asked (then nothing is said about the code).
 */
function credimo_promocode_is_valid($code) {
    $settings = credimo_settings();
    $key = 'credimo_promo_' . md5($settings['api_base_url'] . '|' . $code);
    $known = get_transient($key);
    if ($known === 'yes' || $known === 'no') {
        return $known === 'yes';
    }
    $answer = credimo_http_json(untrailingslashit($settings['api_base_url']) . '/v2/check-promocode', 'POST', array('promocode' => $code));
    if ($answer['status'] === 0 || $answer['status'] >= 500) {
        return null;
    }
    set_transient($key, $answer['ok'] ? 'yes' : 'no', CREDIMO_API_CACHE);
    return $answer['ok'];
}
