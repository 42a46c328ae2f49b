<?php
/**
 * Plugin settings (Settings > Credimo), with the defaults of a local `npm start` for a fresh install. A submission
 * is checked whole: a bad value, or an address that does not answer as it should, gets a message by its field and
 * nothing is saved (the form comes back as typed).
 */

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

/** The address fields, in the form's order. */
function credimo_settings_address_keys() {
    return array('api_base_url', 'app_url', 'remotes_manifest_url');
}

/**
 * The typed values, trimmed, and a message per field that is not acceptable as written:
 * array('values' => array, 'errors' => field => message). Only http(s) addresses with a host are accepted.
 */
function credimo_validate_settings($input) {
    $input = is_array($input) ? $input : array();
    $values = array();
    $errors = array();
    foreach (credimo_settings_address_keys() as $key) {
        $value = isset($input[$key]) ? trim((string) $input[$key]) : '';
        $values[$key] = $value;
        if ($value === '') {
            $errors[$key] = __('Write the address: it is required.', 'credimo');
            continue;
        }
        $parts = wp_parse_url($value);
        $scheme = is_array($parts) && isset($parts['scheme']) ? strtolower($parts['scheme']) : '';
        if (!in_array($scheme, array('http', 'https'), true) || empty($parts['host']) || esc_url_raw($value, array('http', 'https')) === '') {
            $errors[$key] = __('The address is not valid: it must start with https:// (or http://) and name a host, for example https://api.credimo.es.', 'credimo');
            continue;
        }
        $values[$key] = untrailingslashit(esc_url_raw($value, array('http', 'https')));
    }
    $product = isset($input['default_product']) ? trim((string) $input['default_product']) : '';
    $values['default_product'] = $product;
    if (!ctype_digit($product) || (int) $product < 1) {
        $errors['default_product'] = __('The product must be a whole number greater than 0 (the API\'s product id).', 'credimo');
    } else {
        $values['default_product'] = (int) $product;
    }
    return array('values' => $values, 'errors' => $errors);
}

/**
 * Checks that well-formed addresses answer as what they are meant to be (the API's /health, the widgets'
 * config.json, the app) and that the API has the product. Returns field => message for each that does not.
 */
function credimo_check_settings_connection($values) {
    $errors = array();
    $api = credimo_check_api($values['api_base_url']);
    if ($api !== '') {
        $errors['api_base_url'] = $api;
    }
    $config = credimo_check_config($values['remotes_manifest_url']);
    if ($config !== '') {
        $errors['remotes_manifest_url'] = $config;
    }
    $app = credimo_check_app($values['app_url']);
    if ($app !== '') {
        $errors['app_url'] = $app;
    }
    if ($api === '') {
        delete_transient('credimo_products_' . md5($values['api_base_url']));
        if (credimo_product($values['default_product'], $values) === null) {
            /* translators: %d: a product id */
            $errors['default_product'] = sprintf(__('The API has no product %d.', 'credimo'), $values['default_product']);
        }
    }
    return $errors;
}

function credimo_settings_rejected_key() {
    return 'credimo_settings_rejected_' . get_current_user_id();
}

/** The Settings API's sanitize callback: all or nothing. */
function credimo_sanitize_settings($input) {
    $checked = credimo_validate_settings($input);
    $errors = $checked['errors'];
    if ($errors === array()) {
        $errors = credimo_check_settings_connection($checked['values']);
    }
    if ($errors !== array()) {
        set_transient(credimo_settings_rejected_key(), array('values' => $checked['values'], 'errors' => $errors), 10 * MINUTE_IN_SECONDS);
        add_settings_error(
            CREDIMO_OPTION,
            'credimo_settings_invalid',
            sprintf(
                /* translators: %d: how many fields have a message */
                _n(
                    'Nothing was saved: correct the marked field (%d error).',
                    'Nothing was saved: correct the marked fields (%d errors).',
                    count($errors),
                    'credimo'
                ),
                count($errors)
            ),
            'error'
        );
        $previous = get_option(CREDIMO_OPTION, credimo_default_settings());
        return is_array($previous) ? $previous : credimo_default_settings();
    }
    delete_transient(credimo_settings_rejected_key());
    return $checked['values'];
}
