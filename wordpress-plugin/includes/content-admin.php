<?php
/**
 * Settings > Credimo: contenido. The form for the site content (contacts, menus, documents, footer) with
 * repeatable title + address rows, a message by each field the editor must correct, and beside it a live
 * preview: the customer app's own header and footer (its /content-preview page, framed), fed the unsaved
 * values by assets/content-admin.js.
 */

if (!defined('ABSPATH')) {
    exit;
}

const CREDIMO_CONTENT_PAGE = 'credimo-content';

function credimo_content_menu() {
    $hook = add_submenu_page(
        'options-general.php',
        __('Credimo: content', 'credimo'),
        __('Credimo: content', 'credimo'),
        CREDIMO_CONTENT_CAPABILITY,
        CREDIMO_CONTENT_PAGE,
        'credimo_render_content_page'
    );
    add_action('admin_enqueue_scripts', function ($current) use ($hook) {
        if ($current === $hook) {
            credimo_enqueue_content_admin();
        }
    });
}
add_action('admin_menu', 'credimo_content_menu');

/** The customer app's preview page: where the frame points and the only origin the form's script talks to. */
function credimo_content_preview_url() {
    return untrailingslashit(credimo_settings()['app_url']) . '/content-preview';
}

function credimo_enqueue_content_admin() {
    wp_enqueue_script('credimo-content-admin', CREDIMO_URL . 'assets/content-admin.js', array(), CREDIMO_VERSION, true);
    $app = wp_parse_url(credimo_content_preview_url());
    $origin = isset($app['scheme'], $app['host'])
        ? $app['scheme'] . '://' . $app['host'] . (isset($app['port']) ? ':' . $app['port'] : '')
        : '';
    wp_add_inline_script(
        'credimo-content-admin',
        'window.credimoContentAdmin = ' . wp_json_encode(array('appOrigin' => $origin)) . ';',
        'before'
    );
    wp_register_style('credimo-content-admin', false, array(), CREDIMO_VERSION);
    wp_enqueue_style('credimo-content-admin');
    wp_add_inline_style('credimo-content-admin', credimo_content_admin_css());
}

function credimo_content_admin_css() {
    return '.credimo-content{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}'
        . '.credimo-content-form{flex:1 1 520px;min-width:0}'
        . '.credimo-content-preview{flex:1 1 420px;position:sticky;top:40px}'
        . '.credimo-content-preview iframe{width:100%;height:720px;border:1px solid #c3c4c7;background:#fff}'
        . '.credimo-content fieldset{border:1px solid #c3c4c7;padding:8px 16px 16px;margin:0 0 16px;background:#fff}'
        . '.credimo-content legend{font-weight:600;padding:0 4px}'
        . '.credimo-field{margin:8px 0}.credimo-field label{display:block;font-weight:600;margin-bottom:2px}'
        . '.credimo-rows{margin:0;padding:0;list-style:none}'
        . '.credimo-row{display:grid;grid-template-columns:1fr 1fr auto;gap:8px;align-items:start;padding:8px 0;border-bottom:1px solid #f0f0f1}'
        . '.credimo-row label{display:block;font-weight:600}.credimo-row input{width:100%}'
        . '.credimo-row .credimo-remove{margin-top:22px}'
        . '.credimo-field-error{color:#b32d2e;margin:4px 0 0;font-weight:600}'
        . '.credimo-content [aria-invalid="true"]{border-color:#b32d2e;box-shadow:0 0 0 1px #b32d2e}';
}

/** A field's message, if the last submission was rejected for it. */
function credimo_content_error_html($errors, $id) {
    if (empty($errors[$id])) {
        return '';
    }
    return '<p class="credimo-field-error" id="' . esc_attr($id . '_error') . '">' . esc_html($errors[$id]) . '</p>';
}

function credimo_content_invalid_attrs($errors, $id) {
    return empty($errors[$id]) ? '' : ' aria-invalid="true" aria-describedby="' . esc_attr($id . '_error') . '"';
}

function credimo_render_text_field($key, $label, $value, $errors) {
    $id = credimo_content_field_id($key);
    $type = $key === 'email' ? 'email' : ($key === 'phone' ? 'tel' : 'text');
    echo '<div class="credimo-field"><label for="' . esc_attr($id) . '">' . esc_html($label) . '</label>';
    // novalidate on the form: the server's Spanish message, by the field, is the one the editor sees.
    echo '<input class="regular-text" type="' . esc_attr($type) . '" id="' . esc_attr($id) . '" name="'
        . esc_attr(CREDIMO_CONTENT_OPTION . '[' . $key . ']') . '" value="' . esc_attr($value) . '" data-content-key="'
        . esc_attr($key) . '"' . credimo_content_invalid_attrs($errors, $id) . ' />';
    echo credimo_content_error_html($errors, $id) . '</div>';
}

/** One title + address row; $index is a number, or "__INDEX__" in the template the script copies. */
function credimo_content_row_html($list, $index, $row, $errors) {
    $html = '<li class="credimo-row">';
    foreach (array('title' => __('Title', 'credimo'), 'url' => __('Address', 'credimo')) as $part => $label) {
        $id = credimo_content_field_id($list, $index, $part);
        $name = CREDIMO_CONTENT_OPTION . '[' . $list . '][' . $index . '][' . $part . ']';
        $html .= '<div><label for="' . esc_attr($id) . '">' . esc_html($label) . '</label>'
            . '<input type="text" id="' . esc_attr($id) . '" name="' . esc_attr($name) . '" value="'
            . esc_attr(isset($row[$part]) ? $row[$part] : '') . '" data-part="' . esc_attr($part) . '"'
            . ($part === 'url' ? ' placeholder="' . esc_attr__('/aviso-legal or https://…', 'credimo') . '"' : '')
            . credimo_content_invalid_attrs($errors, $id) . ' />'
            . credimo_content_error_html($errors, $id) . '</div>';
    }
    $html .= '<button type="button" class="button credimo-remove">' . esc_html__('Remove', 'credimo') . '</button></li>';
    return $html;
}

function credimo_render_link_list($list, $label, $rows, $errors) {
    echo '<fieldset class="credimo-links" data-list="' . esc_attr($list) . '"><legend>' . esc_html($label) . '</legend>';
    echo '<ol class="credimo-rows">';
    $index = 0;
    foreach ((array) $rows as $row) {
        echo credimo_content_row_html($list, $index++, $row, $errors); // phpcs:ignore -- escaped in the builder
    }
    // One empty row, so a link can be added without the script too (empty rows are not saved).
    echo credimo_content_row_html($list, $index, array(), $errors); // phpcs:ignore -- escaped in the builder
    echo '</ol>';
    echo '<template class="credimo-row-template">' . credimo_content_row_html($list, '__INDEX__', array(), array()) . '</template>'; // phpcs:ignore
    echo '<button type="button" class="button credimo-add">' . esc_html(sprintf(/* translators: %s: a list's name */ __('Add to "%s"', 'credimo'), $label)) . '</button>';
    echo '</fieldset>';
}

function credimo_render_content_page() {
    if (!current_user_can(CREDIMO_CONTENT_CAPABILITY)) {
        wp_die(esc_html__('You are not allowed to see this page.', 'credimo'), 403);
    }
    // A rejected submission comes back as it was typed, with its messages (the saved option is unchanged).
    $rejected = get_transient(credimo_content_rejected_key());
    if ($rejected) {
        delete_transient(credimo_content_rejected_key());
    }
    $content = $rejected ? array_merge(credimo_content(), $rejected['content']) : credimo_content();
    $errors = $rejected ? $rejected['errors'] : array();
    $texts = credimo_content_text_fields();

    echo '<div class="wrap"><h1>' . esc_html__('Credimo: content', 'credimo') . '</h1>';
    echo '<p>' . esc_html(sprintf(
        /* translators: %d: seconds */
        __('Header, menus, contacts, footer and documents that the customer app shows. The preview shows the changes before they are saved; the app shows them less than %d seconds after saving.', 'credimo'),
        CREDIMO_CONTENT_MAX_AGE
    )) . ' <a href="' . esc_url(credimo_docs_url()) . '">' . esc_html__('Plugin documentation', 'credimo') . '</a></p>';
    echo '<div class="credimo-content"><form class="credimo-content-form" method="post" action="options.php" novalidate>';
    // settings_fields prints the nonce and the option group that options.php checks (with the content's capability).
    settings_fields('credimo_content');

    echo '<fieldset><legend>' . esc_html__('Contacts (header and footer)', 'credimo') . '</legend>';
    foreach (array('phone', 'email', 'schedule', 'address', 'contacts_title') as $key) {
        credimo_render_text_field($key, $texts[$key], $content[$key], $errors);
    }
    echo '</fieldset>';

    echo '<fieldset><legend>' . esc_html__('Footer menu titles', 'credimo') . '</legend>';
    foreach (array('menu_title', 'menu_title_2') as $key) {
        credimo_render_text_field($key, $texts[$key], $content[$key], $errors);
    }
    echo '</fieldset>';

    foreach (credimo_content_link_lists() as $list => $label) {
        credimo_render_link_list($list, $label, $content[$list], $errors);
    }

    echo '<fieldset><legend>' . esc_html__('Footer', 'credimo') . '</legend>';
    credimo_render_text_field('copyright', $texts['copyright'], $content['copyright'], $errors);
    echo '</fieldset>';

    submit_button(__('Save changes', 'credimo'));
    echo '</form>';

    echo '<section class="credimo-content-preview" aria-labelledby="credimo-preview-title">';
    echo '<h2 id="credimo-preview-title">' . esc_html__('Preview (not saved)', 'credimo') . '</h2>';
    echo '<iframe id="credimo-content-preview" title="' . esc_attr__('Preview of the app\'s header and footer', 'credimo') . '" src="'
        . esc_url(credimo_content_preview_url()) . '"></iframe>';
    echo '</section></div></div>';
}
