<?php
/**
 * Settings > Credimo: the addresses of the API, the app and the widgets' config.json, and the default product.
 * Each field explains itself; a refused submission comes back as typed with a message by each field to correct;
 * the page shows whether the saved addresses answer now, and so does Site Health.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** Where the plugin's documentation is (shipped with it). */
function credimo_docs_url() {
    return CREDIMO_URL . 'README.md';
}

/** Field => array(label, help). */
function credimo_settings_fields() {
    return array(
        'api_base_url' => array(
            __('API address', 'credimo'),
            __('Where the widgets and this site reach the Credimo API, for example https://api.credimo.es. On saving, its /health must answer.', 'credimo'),
        ),
        'app_url' => array(
            __('Customer app address', 'credimo'),
            __('The customer app (for example https://app.credimo.es): the widgets send customers there to continue, and the content preview frames it.', 'credimo'),
        ),
        'remotes_manifest_url' => array(
            __('Widgets configuration address (config.json)', 'credimo'),
            __('The config.json that tells the widgets where their code is, usually the app\'s: https://app.credimo.es/config.json.', 'credimo'),
        ),
        'default_product' => array(
            __('Default product', 'credimo'),
            __('The API\'s loan product that calculators show (its id: 1 is the standard loan). Its amounts and terms are the limits a calculator\'s amount and term must be within; they are shown below.', 'credimo'),
        ),
    );
}

function credimo_register_settings() {
    register_setting('credimo', CREDIMO_OPTION, array(
        'type' => 'array',
        'sanitize_callback' => 'credimo_sanitize_settings',
        'default' => credimo_default_settings(),
    ));
}
add_action('admin_init', 'credimo_register_settings');

function credimo_settings_menu() {
    $hook = add_options_page('Credimo', 'Credimo', 'manage_options', 'credimo', 'credimo_render_settings_page');
    add_action('load-' . $hook, 'credimo_settings_help');
}
add_action('admin_menu', 'credimo_settings_menu');

/** The Help tab of the settings page. */
function credimo_settings_help() {
    $screen = get_current_screen();
    if (!$screen) {
        return;
    }
    $screen->add_help_tab(array(
        'id' => 'credimo-settings-help',
        'title' => __('Credimo', 'credimo'),
        'content' => '<p>' . esc_html__('Place a widget with the "Credimo" blocks (Calculator, Registration, My loan) or the [credimo] shortcode. These addresses tell the widgets where the API and the app are; each is checked when you save.', 'credimo') . '</p>',
    ));
    $screen->set_help_sidebar('<p><a href="' . esc_url(credimo_docs_url()) . '">' . esc_html__('Plugin documentation', 'credimo') . '</a></p>');
}

/** The connection's state now, for the page and Site Health: field => '' (answers) or the problem. */
function credimo_connection_state($settings = null) {
    $settings = $settings ? $settings : credimo_settings();
    return array(
        'api_base_url' => credimo_check_api($settings['api_base_url']),
        'remotes_manifest_url' => credimo_check_config($settings['remotes_manifest_url']),
        'app_url' => credimo_check_app($settings['app_url']),
    );
}

function credimo_render_settings_page() {
    if (!current_user_can('manage_options')) {
        wp_die(esc_html__('You are not allowed to see this page.', 'credimo'));
    }
    $rejected = get_transient(credimo_settings_rejected_key());
    if ($rejected) {
        delete_transient(credimo_settings_rejected_key());
    }
    $values = $rejected ? array_merge(credimo_settings(), $rejected['values']) : credimo_settings();
    $errors = $rejected ? $rejected['errors'] : array();

    echo '<div class="wrap"><h1>' . esc_html__('Credimo', 'credimo') . '</h1>';
    echo '<p>' . esc_html__('Where the Credimo widgets find the API and the customer app. Place the widgets with the "Credimo" blocks or the [credimo] shortcode.', 'credimo')
        . ' <a href="' . esc_url(credimo_docs_url()) . '">' . esc_html__('Plugin documentation', 'credimo') . '</a></p>';
    echo '<form method="post" action="options.php" novalidate>';
    // settings_fields prints the nonce and the option group that options.php checks.
    settings_fields('credimo');
    echo '<table class="form-table" role="presentation">';
    foreach (credimo_settings_fields() as $key => $field) {
        list($label, $help) = $field;
        $id = 'credimo_' . $key;
        $described = $id . '_help' . (empty($errors[$key]) ? '' : ' ' . $id . '_error');
        echo '<tr><th scope="row"><label for="' . esc_attr($id) . '">' . esc_html($label) . '</label></th><td>';
        printf(
            '<input type="%s" class="%s" id="%s" name="%s[%s]" value="%s" aria-describedby="%s"%s />',
            $key === 'default_product' ? 'number' : 'url',
            $key === 'default_product' ? 'small-text' : 'regular-text',
            esc_attr($id),
            esc_attr(CREDIMO_OPTION),
            esc_attr($key),
            esc_attr((string) $values[$key]),
            esc_attr($described),
            empty($errors[$key]) ? '' : ' aria-invalid="true"'
        );
        if (!empty($errors[$key])) {
            echo '<p class="credimo-field-error" id="' . esc_attr($id . '_error') . '">' . esc_html($errors[$key]) . '</p>';
        }
        echo '<p class="description" id="' . esc_attr($id . '_help') . '">' . esc_html($help) . '</p></td></tr>';
    }
    echo '</table>';
    submit_button(__('Save changes', 'credimo'));
    echo '</form>';

    credimo_render_connection_state();

    if (current_user_can(CREDIMO_CONTENT_CAPABILITY)) {
        echo '<p>' . esc_html__('Site content for the app (header, menu, contacts, footer and documents):', 'credimo')
            . ' <a href="' . esc_url(admin_url('options-general.php?page=credimo-content')) . '">' . esc_html__('edit', 'credimo') . '</a>.</p>';
    }
    echo '</div>';
    echo '<style>.credimo-field-error{color:#b32d2e;font-weight:600;margin:4px 0}.credimo-state li{margin:4px 0}.credimo-state .is-ok::before{content:"\2713  ";color:#00a32a}.credimo-state .is-bad::before{content:"\2717  ";color:#b32d2e}</style>';
}

/** The saved addresses, checked now, and the default product's limits. */
function credimo_render_connection_state() {
    $settings = credimo_settings();
    $state = credimo_connection_state($settings);
    $labels = credimo_settings_fields();
    echo '<h2>' . esc_html__('Connection', 'credimo') . '</h2><ul class="credimo-state" id="credimo-connection">';
    foreach ($state as $key => $problem) {
        $name = $labels[$key][0];
        echo '<li class="' . ($problem === '' ? 'is-ok' : 'is-bad') . '" data-credimo-check="' . esc_attr($key) . '">'
            . esc_html(
                $problem === ''
                    /* translators: 1: a setting's name, 2: its address */
                    ? sprintf(__('%1$s (%2$s) answers.', 'credimo'), $name, $settings[$key])
                    /* translators: 1: a setting's name, 2: its address, 3: the problem */
                    : sprintf(__('%1$s (%2$s): %3$s', 'credimo'), $name, $settings[$key], $problem)
            ) . '</li>';
    }
    $product = $state['api_base_url'] === '' ? credimo_product(null, $settings) : null;
    echo '<li class="' . ($product ? 'is-ok' : 'is-bad') . '" data-credimo-check="default_product">' . esc_html(
        $product
            /* translators: 1: product id, 2: minimum amount, 3: maximum amount, 4: minimum term, 5: maximum term */
            ? sprintf(__('Product %1$d: amounts from %2$s to %3$s €, terms from %4$d to %5$d days.', 'credimo'), $product['id'], credimo_euros($product['amount']['min']), credimo_euros($product['amount']['max']), $product['term']['min'], $product['term']['max'])
            /* translators: %d: product id */
            : sprintf(__('Product %d: the API does not answer for it.', 'credimo'), (int) $settings['default_product'])
    ) . '</li></ul>';
}

/** An amount in euros as Spanish readers write it (1.000, 12,50). */
function credimo_euros($amount) {
    $decimals = floor((float) $amount) == (float) $amount ? 0 : 2;
    return number_format((float) $amount, $decimals, ',', '.');
}

/** Site Health (Tools > Site Health): whether the API and the widgets' configuration answer. */
function credimo_site_health_tests($tests) {
    $tests['direct']['credimo_connection'] = array(
        'label' => __('Credimo connection', 'credimo'),
        'test' => 'credimo_site_health_connection',
    );
    return $tests;
}
add_filter('site_status_tests', 'credimo_site_health_tests');

function credimo_site_health_connection() {
    $state = array_filter(credimo_connection_state());
    $labels = credimo_settings_fields();
    $items = '';
    foreach ($state as $key => $problem) {
        $items .= '<li>' . esc_html($labels[$key][0] . ': ' . $problem) . '</li>';
    }
    return array(
        'label' => $state === array()
            ? __('The Credimo widgets reach the API and their configuration', 'credimo')
            : __('The Credimo widgets cannot reach the API or their configuration', 'credimo'),
        'status' => $state === array() ? 'good' : 'critical',
        'badge' => array('label' => __('Credimo', 'credimo'), 'color' => $state === array() ? 'blue' : 'red'),
        'description' => $state === array()
            ? '<p>' . esc_html__('The API\'s /health and the widgets\' config.json answer at the addresses in Settings > Credimo.', 'credimo') . '</p>'
            : '<p>' . esc_html__('Visitors see no calculator while these do not answer:', 'credimo') . '</p><ul>' . $items . '</ul>',
        'actions' => '<a href="' . esc_url(admin_url('options-general.php?page=credimo')) . '">' . esc_html__('Open Settings > Credimo', 'credimo') . '</a>',
        'test' => 'credimo_connection',
    );
}

/** "Ajustes" and the documentation in the Plugins list. */
function credimo_plugin_action_links($links) {
    array_unshift($links, '<a href="' . esc_url(admin_url('options-general.php?page=credimo')) . '">' . esc_html__('Settings', 'credimo') . '</a>');
    return $links;
}
add_filter('plugin_action_links_' . plugin_basename(CREDIMO_DIR . 'credimo.php'), 'credimo_plugin_action_links');

function credimo_plugin_row_meta($links, $file) {
    if ($file === plugin_basename(CREDIMO_DIR . 'credimo.php')) {
        $links[] = '<a href="' . esc_url(credimo_docs_url()) . '">' . esc_html__('Documentation', 'credimo') . '</a>';
    }
    return $links;
}
add_filter('plugin_row_meta', 'credimo_plugin_row_meta', 10, 2);
