<?php
/**
 * GET /wp-json/react/v2/data: header, menu, contacts, footer and documents (the app's page config),
 * edited under Settings > Credimo: contenido (the form is in content-admin.php).
 *
 * Stored as one option: the contact texts, and the menus and documents as lists of title + address rows.
 */

if (!defined('ABSPATH')) {
    exit;
}

const CREDIMO_CONTENT_OPTION = 'credimo_content';
/** How long browsers and caches may keep the content: an edit shows in the app within this many seconds. */
const CREDIMO_CONTENT_MAX_AGE = 60;

/** The text fields: key => label (the form's label, and the name the messages use). */
function credimo_content_text_fields() {
    return array(
        'phone' => __('Phone', 'credimo'),
        'email' => __('Email', 'credimo'),
        'schedule' => __('Opening hours', 'credimo'),
        'address' => __('Postal address', 'credimo'),
        'contacts_title' => __('Contacts title', 'credimo'),
        'menu_title' => __('Main menu title', 'credimo'),
        'menu_title_2' => __('Second menu title', 'credimo'),
        'copyright' => __('Copyright', 'credimo'),
    );
}

/** The lists of links: key => label. */
function credimo_content_link_lists() {
    return array(
        'menu' => __('Main menu', 'credimo'),
        'menu_2' => __('Second menu', 'credimo'),
        'documents' => __('Documents', 'credimo'),
    );
}

function credimo_default_content() {
    return array(
        'schedule' => 'Lunes a viernes de 9:00 a 20:00',
        'phone' => '+34 900 000 000',
        'email' => 'ayuda@credimo.es',
        'address' => 'Calle de Alcalá 1, 28014 Madrid',
        'contacts_title' => 'Contacto',
        'menu_title' => 'Credimo',
        'menu' => array(
            array('title' => 'Cómo funciona', 'url' => '/como-funciona'),
            array('title' => 'Preguntas frecuentes', 'url' => '/preguntas-frecuentes'),
        ),
        'menu_title_2' => 'Legal',
        'menu_2' => array(
            array('title' => 'Aviso legal', 'url' => '/aviso-legal'),
            array('title' => 'Política de privacidad', 'url' => '/privacidad'),
            array('title' => 'Cookies', 'url' => '/cookies'),
        ),
        'copyright' => '© Credimo Financiación, S.L.',
        'documents' => array(
            array('title' => 'Condiciones generales', 'url' => '/documentos/condiciones-generales.pdf'),
            array('title' => 'Información normalizada europea', 'url' => '/documentos/secci.pdf'),
        ),
    );
}

/** The saved content over the defaults; lists saved by earlier versions as "Título|URL" lines are read too. */
function credimo_content() {
    $saved = get_option(CREDIMO_CONTENT_OPTION, array());
    $content = array_merge(credimo_default_content(), is_array($saved) ? $saved : array());
    foreach (array_keys(credimo_content_link_lists()) as $key) {
        if (is_string($content[$key])) {
            $content[$key] = credimo_parse_legacy_links($content[$key]);
        }
    }
    return $content;
}

/** Earlier versions' "Título|URL" lines to rows (kept only to read what they saved). */
function credimo_parse_legacy_links($text) {
    $items = array();
    foreach (preg_split('/\r\n|\r|\n/', (string) $text) as $line) {
        $parts = array_map('trim', explode('|', $line, 2));
        if (count($parts) === 2 && $parts[0] !== '' && credimo_is_link_address($parts[1])) {
            $items[] = array('title' => $parts[0], 'url' => $parts[1]);
        }
    }
    return $items;
}

/** An address a link may have: a path on the site ("/aviso-legal") or an absolute http(s) address. */
function credimo_is_link_address($url) {
    $url = (string) $url;
    if ($url === '' || preg_match('/[\s<>"\'`\\\\]/', $url)) {
        return false;
    }
    if (preg_match('#^/(?!/)#', $url)) {
        return true;
    }
    if (!filter_var($url, FILTER_VALIDATE_URL)) {
        return false;
    }
    $scheme = strtolower((string) wp_parse_url($url, PHP_URL_SCHEME));
    return in_array($scheme, array('http', 'https'), true) && wp_parse_url($url, PHP_URL_HOST) !== null;
}

/** A phone as people write it: digits, spaces, dots, dashes, brackets and a leading +; 9 to 15 digits. */
function credimo_is_phone($phone) {
    if (!preg_match('/^\+?[0-9 ().-]+$/', $phone)) {
        return false;
    }
    $digits = strlen(preg_replace('/\D/', '', $phone));
    return $digits >= 9 && $digits <= 15;
}

/**
 * Checks the submitted form. Returns array($content, $errors): the cleaned content, and a Spanish message per
 * field id (the id of the input it belongs to). Rows left fully empty are not links and are dropped.
 */
function credimo_validate_content($input) {
    $input = is_array($input) ? $input : array();
    $content = array();
    $errors = array();
    foreach (credimo_content_text_fields() as $key => $label) {
        $value = isset($input[$key]) && is_scalar($input[$key]) ? sanitize_text_field((string) $input[$key]) : '';
        $content[$key] = $value;
        $id = credimo_content_field_id($key);
        if ($value === '') {
            $errors[$id] = sprintf(/* translators: %s: a field's label */ __('Fill in "%s": it cannot be empty.', 'credimo'), $label);
        } elseif ($key === 'phone' && !credimo_is_phone($value)) {
            $errors[$id] = __('The phone is not valid: use digits, spaces and, if you like, the + prefix (for example +34 900 000 000).', 'credimo');
        } elseif ($key === 'email' && !is_email($value)) {
            $errors[$id] = __('The email is not valid (for example ayuda@credimo.es).', 'credimo');
        }
    }
    foreach (array_keys(credimo_content_link_lists()) as $list) {
        $content[$list] = array();
        $rows = isset($input[$list]) && is_array($input[$list]) ? array_values($input[$list]) : array();
        foreach ($rows as $row) {
            $row = is_array($row) ? $row : array();
            $title = isset($row['title']) && is_scalar($row['title']) ? sanitize_text_field((string) $row['title']) : '';
            $url = isset($row['url']) && is_scalar($row['url']) ? trim((string) $row['url']) : '';
            if ($title === '' && $url === '') {
                continue;
            }
            $index = count($content[$list]);
            $content[$list][] = array('title' => $title, 'url' => $url);
            if ($title === '') {
                $errors[credimo_content_field_id($list, $index, 'title')] = __('Write the link\'s title.', 'credimo');
            }
            if ($url === '') {
                $errors[credimo_content_field_id($list, $index, 'url')] = __('Write the link\'s address.', 'credimo');
            } elseif (!credimo_is_link_address($url)) {
                $errors[credimo_content_field_id($list, $index, 'url')] =
                    __('The address is not valid: write a path of the site that starts with / (for example /aviso-legal) or a full address that starts with https://.', 'credimo');
            }
        }
    }
    return array($content, $errors);
}

/** The id of a field's input: credimo_content_phone, credimo_content_menu_0_url. */
function credimo_content_field_id($key, $index = null, $part = null) {
    return 'credimo_content_' . $key . ($index === null ? '' : '_' . $index . '_' . $part);
}

/** The transient that carries a rejected form (what was typed and the messages) back to the editor who sent it. */
function credimo_content_rejected_key() {
    return 'credimo_content_rejected_' . get_current_user_id();
}

/**
 * The Settings API's sanitize callback. Invalid content is never saved, in part or in whole: the saved option
 * stays as it was, a notice says so, and the form comes back with what was typed and a message by each field.
 */
function credimo_sanitize_content($input) {
    list($content, $errors) = credimo_validate_content($input);
    if ($errors) {
        set_transient(credimo_content_rejected_key(), array('content' => $content, 'errors' => $errors), 10 * MINUTE_IN_SECONDS);
        add_settings_error(
            CREDIMO_CONTENT_OPTION,
            'credimo_content_invalid',
            sprintf(
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
        $previous = get_option(CREDIMO_CONTENT_OPTION, credimo_default_content());
        return is_array($previous) ? $previous : credimo_default_content();
    }
    delete_transient(credimo_content_rejected_key());
    return $content;
}

function credimo_content_payload() {
    $c = credimo_content();
    $links = function ($rows) {
        $items = array();
        foreach ((array) $rows as $row) {
            if (is_array($row) && !empty($row['title']) && isset($row['url']) && credimo_is_link_address($row['url'])) {
                $items[] = array('title' => (string) $row['title'], 'url' => (string) $row['url']);
            }
        }
        return $items;
    };
    return array(
        'header' => array(
            'contacts' => array('schedule' => $c['schedule'], 'phone' => $c['phone'], 'email' => $c['email']),
        ),
        'menu' => $links($c['menu']),
        'contacts' => array(
            'phone' => $c['phone'],
            'email' => $c['email'],
            'address' => $c['address'],
            'schedule' => $c['schedule'],
        ),
        'footer' => array(
            'contacts_title' => $c['contacts_title'],
            'phone' => $c['phone'],
            'email' => $c['email'],
            'address' => $c['address'],
            'menu_title' => $c['menu_title'],
            'menu' => $links($c['menu']),
            'menu_title_2' => $c['menu_title_2'],
            'menu_2' => $links($c['menu_2']),
            'copyright' => $c['copyright'],
        ),
        'documents' => $links($c['documents']),
    );
}

function credimo_register_content_route() {
    register_rest_route('react/v2', '/data', array(
        'methods' => 'GET',
        'callback' => function (WP_REST_Request $request) {
            $response = rest_ensure_response(credimo_content_payload());
            $response->header('Cache-Control', 'public, max-age=' . CREDIMO_CONTENT_MAX_AGE);
            return $response;
        },
        // Public marketing content: readable by anyone, like the pages it comes from.
        'permission_callback' => '__return_true',
        'args' => array('lang' => array('type' => 'string', 'enum' => array('es'), 'required' => false)),
    ));
}
add_action('rest_api_init', 'credimo_register_content_route');

/** The customer app (another origin) reads this route from the browser. */
function credimo_content_cors($served, $result, $request) {
    if (strpos($request->get_route(), '/react/v2/') === 0) {
        header('Access-Control-Allow-Origin: *');
    }
    return $served;
}
add_filter('rest_pre_serve_request', 'credimo_content_cors', 10, 3);

function credimo_register_content_settings() {
    register_setting('credimo_content', CREDIMO_CONTENT_OPTION, array(
        'type' => 'array',
        'sanitize_callback' => 'credimo_sanitize_content',
        'default' => credimo_default_content(),
    ));
}
add_action('admin_init', 'credimo_register_content_settings');
