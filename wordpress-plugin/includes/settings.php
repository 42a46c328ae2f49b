<?php
/** Settings > Credimo: addresses of the API, the app and the remotes config, with nonces and capability checks. */

if (!defined('ABSPATH')) {
    exit;
}

function credimo_register_settings() {
    register_setting('credimo', CREDIMO_OPTION, array(
        'type' => 'array',
        'sanitize_callback' => 'credimo_sanitize_settings',
        'default' => credimo_default_settings(),
    ));
    add_settings_section('credimo_addresses', 'Direcciones', '__return_false', 'credimo');
    $fields = array(
        'api_base_url' => 'URL de la API',
        'app_url' => 'URL de la aplicación de clientes',
        'remotes_manifest_url' => 'URL de la configuración de los widgets (config.json)',
        'default_product' => 'Producto por defecto',
    );
    foreach ($fields as $key => $label) {
        add_settings_field($key, $label, 'credimo_render_setting', 'credimo', 'credimo_addresses', array(
            'key' => $key,
            'label_for' => 'credimo_' . $key,
        ));
    }
}
add_action('admin_init', 'credimo_register_settings');

function credimo_render_setting($args) {
    $settings = credimo_settings();
    $key = $args['key'];
    $type = $key === 'default_product' ? 'number' : 'url';
    printf(
        '<input type="%s" class="regular-text" id="credimo_%s" name="%s[%s]" value="%s" />',
        esc_attr($type),
        esc_attr($key),
        esc_attr(CREDIMO_OPTION),
        esc_attr($key),
        esc_attr((string) $settings[$key])
    );
}

function credimo_settings_menu() {
    add_options_page('Credimo', 'Credimo', 'manage_options', 'credimo', 'credimo_render_settings_page');
}
add_action('admin_menu', 'credimo_settings_menu');

function credimo_render_settings_page() {
    if (!current_user_can('manage_options')) {
        wp_die(esc_html__('No tienes permiso para ver esta página.', 'credimo'));
    }
    echo '<div class="wrap"><h1>Credimo</h1><form method="post" action="options.php">';
    // settings_fields prints the nonce and the option group that options.php checks.
    settings_fields('credimo');
    do_settings_sections('credimo');
    submit_button();
    echo '</form>';
    echo '<p>Contenido del sitio para la aplicación (cabecera, menú, contactos, pie y documentos): <a href="' . esc_url(admin_url('options-general.php?page=credimo-content')) . '">editar</a>.</p></div>';
}
