<?php
/**
 * GET /wp-json/react/v2/data: header, menu, contacts, footer and documents (SPEC section 3 "Page config"),
 * edited under Settings > Credimo: contenido. Menus and documents are one "Título|URL" per line.
 */

if (!defined('ABSPATH')) {
    exit;
}

const CREDIMO_CONTENT_OPTION = 'credimo_content';

function credimo_default_content() {
    return array(
        'schedule' => 'Lunes a viernes de 9:00 a 20:00',
        'phone' => '+34 900 000 000',
        'email' => 'ayuda@credimo.es',
        'address' => 'Calle de Alcalá 1, 28014 Madrid',
        'contacts_title' => 'Contacto',
        'menu_title' => 'Credimo',
        'menu' => "Cómo funciona|/como-funciona\nPreguntas frecuentes|/preguntas-frecuentes",
        'menu_title_2' => 'Legal',
        'menu_2' => "Aviso legal|/aviso-legal\nPolítica de privacidad|/privacidad\nCookies|/cookies",
        'copyright' => '© Credimo Financiación, S.L.',
        'documents' => "Condiciones generales|/documentos/condiciones-generales.pdf\nInformación normalizada europea|/documentos/secci.pdf",
    );
}

function credimo_content() {
    $saved = get_option(CREDIMO_CONTENT_OPTION, array());
    return array_merge(credimo_default_content(), is_array($saved) ? $saved : array());
}

/** "Title|URL" lines to items; lines without a valid address are dropped. */
function credimo_parse_links($text) {
    $items = array();
    foreach (preg_split('/\r\n|\r|\n/', (string) $text) as $line) {
        $parts = array_map('trim', explode('|', $line, 2));
        if (count($parts) === 2 && $parts[0] !== '' && $parts[1] !== '') {
            $url = esc_url_raw($parts[1]);
            if ($url !== '') {
                $items[] = array('title' => sanitize_text_field($parts[0]), 'url' => $url);
            }
        }
    }
    return $items;
}

function credimo_sanitize_content($input) {
    $clean = array();
    foreach (credimo_default_content() as $key => $default) {
        $value = isset($input[$key]) ? (string) $input[$key] : $default;
        $clean[$key] = in_array($key, array('menu', 'menu_2', 'documents'), true)
            ? sanitize_textarea_field($value)
            : sanitize_text_field($value);
    }
    return $clean;
}

function credimo_content_payload() {
    $c = credimo_content();
    return array(
        'header' => array(
            'contacts' => array('schedule' => $c['schedule'], 'phone' => $c['phone'], 'email' => $c['email']),
        ),
        'menu' => credimo_parse_links($c['menu']),
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
            'menu' => credimo_parse_links($c['menu']),
            'menu_title_2' => $c['menu_title_2'],
            'menu_2' => credimo_parse_links($c['menu_2']),
            'copyright' => $c['copyright'],
        ),
        'documents' => credimo_parse_links($c['documents']),
    );
}

function credimo_register_content_route() {
    register_rest_route('react/v2', '/data', array(
        'methods' => 'GET',
        'callback' => function (WP_REST_Request $request) {
            $response = rest_ensure_response(credimo_content_payload());
            $response->header('Cache-Control', 'public, max-age=300');
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

function credimo_content_menu() {
    add_submenu_page('options-general.php', 'Credimo: contenido', 'Credimo: contenido', 'manage_options', 'credimo-content', 'credimo_render_content_page');
}
add_action('admin_menu', 'credimo_content_menu');

function credimo_render_content_page() {
    if (!current_user_can('manage_options')) {
        wp_die(esc_html__('No tienes permiso para ver esta página.', 'credimo'));
    }
    $labels = array(
        'schedule' => 'Horario', 'phone' => 'Teléfono', 'email' => 'Correo electrónico', 'address' => 'Dirección',
        'contacts_title' => 'Título de contactos', 'menu_title' => 'Título del menú', 'menu' => 'Menú (Título|URL por línea)',
        'menu_title_2' => 'Título del segundo menú', 'menu_2' => 'Segundo menú (Título|URL por línea)',
        'copyright' => 'Copyright', 'documents' => 'Documentos (Título|URL por línea)',
    );
    $content = credimo_content();
    echo '<div class="wrap"><h1>Credimo: contenido</h1><form method="post" action="options.php">';
    settings_fields('credimo_content');
    echo '<table class="form-table" role="presentation">';
    foreach ($labels as $key => $label) {
        $id = 'credimo_content_' . $key;
        $name = CREDIMO_CONTENT_OPTION . '[' . $key . ']';
        echo '<tr><th scope="row"><label for="' . esc_attr($id) . '">' . esc_html($label) . '</label></th><td>';
        if (in_array($key, array('menu', 'menu_2', 'documents'), true)) {
            echo '<textarea class="large-text" rows="4" id="' . esc_attr($id) . '" name="' . esc_attr($name) . '">' . esc_textarea($content[$key]) . '</textarea>';
        } else {
            echo '<input class="regular-text" type="text" id="' . esc_attr($id) . '" name="' . esc_attr($name) . '" value="' . esc_attr($content[$key]) . '" />';
        }
        echo '</td></tr>';
    }
    echo '</table>';
    submit_button();
    echo '</form></div>';
}
